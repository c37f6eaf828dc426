//! Operators: unary and binary operations, the operator enums with their precedence and
//! associativity (Typst's table, which the parser climbs), and their source spelling.

use super::base::{AstNode, first, node};
use super::expr::Expr;
use crate::syntax::SyntaxKind;

node! {
    /// A unary operation: `-x`, `not done`.
    Unary
}

impl<'a> Unary<'a> {
    /// The operator.
    pub fn op(self) -> UnOp {
        self.0.children().find_map(|child| UnOp::from_kind(child.kind())).unwrap_or(UnOp::Pos)
    }

    /// The operand.
    pub fn expr(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }
}

/// A unary operator.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum UnOp {
    /// The no-op `+`.
    Pos,
    /// Negation `-`.
    Neg,
    /// Boolean `not`.
    Not,
}

impl UnOp {
    /// The operator spelled by a token of `kind`.
    pub fn from_kind(kind: SyntaxKind) -> Option<Self> {
        Some(match kind {
            SyntaxKind::Plus => Self::Pos,
            SyntaxKind::Minus => Self::Neg,
            SyntaxKind::Not => Self::Not,
            _ => return None,
        })
    }

    /// How tightly the operator binds its operand: `-` and `+` bind tighter than any binary
    /// operator, `not` like a comparison (so `not a and b` is `(not a) and b`, and
    /// `not a == b` is `not (a == b)`).
    pub fn precedence(self) -> usize {
        match self {
            Self::Pos | Self::Neg => 7,
            Self::Not => 4,
        }
    }

    /// The operator as written in source.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pos => "+",
            Self::Neg => "-",
            Self::Not => "not",
        }
    }
}

node! {
    /// A binary operation: `a + b`, `x not in xs`, `total += 1`.
    Binary
}

impl<'a> Binary<'a> {
    /// The operator. `not` followed by `in` is `not in`.
    pub fn op(self) -> BinOp {
        let mut after_not = false;
        for child in self.0.children() {
            match child.kind() {
                SyntaxKind::Not => after_not = true,
                SyntaxKind::In if after_not => return BinOp::NotIn,
                kind => {
                    if let Some(op) = BinOp::from_kind(kind) {
                        return op;
                    }
                }
            }
        }
        BinOp::Add
    }

    /// The left-hand side.
    pub fn lhs(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The right-hand side: the expression after the operator (after `in` for `not in`).
    pub fn rhs(self) -> Expr<'a> {
        self.0
            .children()
            .skip_while(|child| BinOp::from_kind(child.kind()).is_none())
            .skip(1)
            .find_map(Expr::from_untyped)
            .unwrap_or_default()
    }
}

/// A binary operator.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `and` (short-circuiting)
    And,
    /// `or` (short-circuiting)
    Or,
    /// `==`
    Eq,
    /// `!=`
    Neq,
    /// `<`
    Lt,
    /// `<=`
    Leq,
    /// `>`
    Gt,
    /// `>=`
    Geq,
    /// `=`
    Assign,
    /// `in`
    In,
    /// `not in`
    NotIn,
    /// `+=`
    AddAssign,
    /// `-=`
    SubAssign,
    /// `*=`
    MulAssign,
    /// `/=`
    DivAssign,
}

impl BinOp {
    /// The operator spelled by a single token of `kind` (`not in` takes two tokens and is
    /// not found here).
    pub fn from_kind(kind: SyntaxKind) -> Option<Self> {
        Some(match kind {
            SyntaxKind::Plus => Self::Add,
            SyntaxKind::Minus => Self::Sub,
            SyntaxKind::Star => Self::Mul,
            SyntaxKind::Slash => Self::Div,
            SyntaxKind::And => Self::And,
            SyntaxKind::Or => Self::Or,
            SyntaxKind::EqEq => Self::Eq,
            SyntaxKind::ExclEq => Self::Neq,
            SyntaxKind::Lt => Self::Lt,
            SyntaxKind::LtEq => Self::Leq,
            SyntaxKind::Gt => Self::Gt,
            SyntaxKind::GtEq => Self::Geq,
            SyntaxKind::Eq => Self::Assign,
            SyntaxKind::In => Self::In,
            SyntaxKind::PlusEq => Self::AddAssign,
            SyntaxKind::HyphEq => Self::SubAssign,
            SyntaxKind::StarEq => Self::MulAssign,
            SyntaxKind::SlashEq => Self::DivAssign,
            _ => return None,
        })
    }

    /// How tightly the operator binds (Typst's table): `*` `/` 6, `+` `-` 5, comparisons and
    /// `in`/`not in` 4, `and` 3, `or` 2, assignments 1.
    pub fn precedence(self) -> usize {
        match self {
            Self::Mul | Self::Div => 6,
            Self::Add | Self::Sub => 5,
            Self::Eq
            | Self::Neq
            | Self::Lt
            | Self::Leq
            | Self::Gt
            | Self::Geq
            | Self::In
            | Self::NotIn => 4,
            Self::And => 3,
            Self::Or => 2,
            Self::Assign
            | Self::AddAssign
            | Self::SubAssign
            | Self::MulAssign
            | Self::DivAssign => 1,
        }
    }

    /// How a chain of operators of equal precedence groups: assignments to the right,
    /// everything else to the left.
    pub fn assoc(self) -> Assoc {
        match self {
            Self::Assign
            | Self::AddAssign
            | Self::SubAssign
            | Self::MulAssign
            | Self::DivAssign => Assoc::Right,
            _ => Assoc::Left,
        }
    }

    /// The operator as written in source.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Add => "+",
            Self::Sub => "-",
            Self::Mul => "*",
            Self::Div => "/",
            Self::And => "and",
            Self::Or => "or",
            Self::Eq => "==",
            Self::Neq => "!=",
            Self::Lt => "<",
            Self::Leq => "<=",
            Self::Gt => ">",
            Self::Geq => ">=",
            Self::Assign => "=",
            Self::In => "in",
            Self::NotIn => "not in",
            Self::AddAssign => "+=",
            Self::SubAssign => "-=",
            Self::MulAssign => "*=",
            Self::DivAssign => "/=",
        }
    }
}

/// The associativity of a binary operator.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Assoc {
    /// `a - b - c` is `(a - b) - c`.
    Left,
    /// `a = b = c` is `a = (b = c)`.
    Right,
}
