//! The scopes of the `alignment` and `direction` types: their named values
//! (`alignment.center`, `direction.rtl`) and `direction.from(side)` / `direction.to(side)`,
//! which turn a side (`left`, `top`, ..) into the direction that starts or ends there.

use super::native;
use crate::base::SourceResult;
use crate::eval::Engine;
use crate::model::{Alignment, Args, Dir, Func, HAlign, Type, VAlign, Value};

native!(DIRECTION_FROM, "from", direction_from);
native!(DIRECTION_TO, "to", direction_to);

/// A name in the scope of `alignment` or `direction`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    match ty {
        Type::Alignment => Alignment::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, align)| Value::Alignment(*align)),
        Type::Direction => match name {
            "from" => Some(Value::Func(Func::from(&DIRECTION_FROM))),
            "to" => Some(Value::Func(Func::from(&DIRECTION_TO))),
            _ => Dir::NAMED.iter().find(|(n, _)| *n == name).map(|(_, dir)| Value::Direction(*dir)),
        },
        _ => None,
    }
}

/// `direction.from(side)`: the direction that starts at `side`.
fn direction_from(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    side_direction(args).map(Value::Direction)
}

/// `direction.to(side)`: the direction that ends at `side`.
fn direction_to(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    side_direction(args).map(|dir| Value::Direction(inverse(dir)))
}

/// The `side` argument as the direction that starts there.
fn side_direction(args: &mut Args) -> SourceResult<Dir> {
    let (align, span) = args.expect_spanned::<Alignment>("side")?;
    let dir = match (align.x, align.y) {
        (Some(HAlign::Left), None) => Dir::Ltr,
        (Some(HAlign::Right), None) => Dir::Rtl,
        (None, Some(VAlign::Top)) => Dir::Ttb,
        (None, Some(VAlign::Bottom)) => Dir::Btt,
        _ => crate::bail!(span, "cannot convert this alignment to a side"),
    };
    Ok(dir)
}

/// The direction going the other way.
fn inverse(dir: Dir) -> Dir {
    match dir {
        Dir::Ltr => Dir::Rtl,
        Dir::Rtl => Dir::Ltr,
        Dir::Ttb => Dir::Btt,
        Dir::Btt => Dir::Ttb,
    }
}
