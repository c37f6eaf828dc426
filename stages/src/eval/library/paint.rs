//! Constructors of paints and strokes: `stroke(..)` (from a value or from its parts),
//! `gradient.linear`, `gradient.radial`, `gradient.conic` and `tiling(..)[body]`.

use std::f64::consts::{FRAC_PI_2, PI};
use std::sync::Arc;

use ecow::EcoString;

use super::native;
use crate::base::{Angle, SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Args, Color, ColorSpace, Content, Dir, FromValue, Func, Gradient, GradientData, GradientKind,
    Length, Ratio, Rel, STROKE_KEYS, StrResult, Stroke, Tiling, TilingData, Type, Value, mismatch,
};

/// `stroke(value)` or `stroke(paint:, thickness:, cap:, join:, dash:, miter-limit:)`.
pub fn construct_stroke(args: &mut Args) -> SourceResult<Value> {
    if let Some(i) = args.items.iter().position(|a| a.name.is_none()) {
        let arg = args.items.remove(i);
        return match <Stroke as crate::model::FromValue>::from_value(arg.value.clone()) {
            Ok(stroke) => Ok(Value::Stroke(Arc::new(stroke))),
            Err(message) => Err(stroke_error(arg.span, message, None, &arg.value)),
        };
    }
    let mut stroke = Stroke::default();
    for key in STROKE_KEYS {
        let span = args.named_span(key);
        if let Some(value) = args.named::<Value>(key)?
            && let Err(message) = stroke.set(key, value.clone())
        {
            return Err(stroke_error(span, message, Some(key), &value));
        }
    }
    Ok(Value::Stroke(Arc::new(stroke)))
}

/// A failed stroke cast with Typst's hint (`a length needs a unit`), which may be about
/// an integer inside the value (`(thickness: 2)`, `dash: (1, 2)`).
fn stroke_error(
    span: Span,
    message: EcoString,
    key: Option<&str>,
    value: &Value,
) -> ecow::EcoVec<SourceDiagnostic> {
    let mut error = SourceDiagnostic::error(span, message.clone());
    if let Some(hint) = Stroke::cast_hint(&message, key, value) {
        error = error.with_hint(hint);
    }
    ecow::eco_vec![error]
}

native!(LINEAR, "linear", linear);
native!(RADIAL, "radial", radial);
native!(CONIC, "conic", conic);

/// Functions in the gradient type's scope: `gradient.linear`, `.radial`, `.conic`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    if ty != Type::Gradient {
        return None;
    }
    let native = [&LINEAR, &RADIAL, &CONIC].into_iter().find(|n| n.name == name)?;
    Some(Value::Func(Func::from(native)))
}

/// The constructor of a gradient's kind, as `gradient.kind()` gives it.
pub fn gradient_kind_value(gradient: &Gradient) -> Value {
    let native = match gradient.0.kind {
        GradientKind::Linear { .. } => &LINEAR,
        GradientKind::Radial { .. } => &RADIAL,
        GradientKind::Conic { .. } => &CONIC,
    };
    Value::Func(Func::from(native))
}

/// A stop as given: a color, or a color with its offset.
type Stop = (Color, Option<Ratio>, Span);

/// Takes the positional stops.
fn stops(args: &mut Args) -> SourceResult<Vec<Stop>> {
    let mut out = Vec::new();
    // Every bad stop is reported, not just the first.
    let mut errors = ecow::EcoVec::new();
    while let Some(i) = args.items.iter().position(|a| a.name.is_none()) {
        let arg = args.items.remove(i);
        match stop(arg.value) {
            Ok((color, offset)) => out.push((color, offset, arg.span)),
            Err(message) => errors.push(crate::error!(arg.span, "{message}")),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(out)
}

/// One stop: a color, or a color and its offset.
fn stop(value: Value) -> StrResult<(Color, Option<Ratio>)> {
    match value {
        Value::Color(c) => Ok((c, None)),
        Value::Array(array) => match array.0.as_slice() {
            [color, offset] => {
                let color = match color {
                    Value::Color(c) => *c,
                    v => return Err(mismatch("color", v)),
                };
                let offset = match offset {
                    Value::Ratio(r) => *r,
                    v => return Err(mismatch("ratio", v)),
                };
                Ok((color, Some(offset)))
            }
            _ => Err("a color stop must contain exactly two entries".into()),
        },
        v => Err(mismatch("color or array", &v)),
    }
}

/// The stops with their offsets: spread evenly when none has one, checked otherwise.
/// A stop that cannot be converted to the mixing space points at the `space` argument
/// (`space_span`) when one was given.
fn process_stops(
    stops: &[Stop],
    space: ColorSpace,
    space_span: Option<Span>,
) -> SourceResult<Vec<(Color, Ratio)>> {
    let convert = |c: Color, span: Span| match c.convert(space) {
        Ok(color) => Ok(color),
        Err(error) => {
            let mut error = error.diagnostic(span);
            if let Some(space_span) = space_span {
                error = error
                    .with_spanned_hint(space_span, "gradient color mixing space specified here");
            }
            Err(ecow::eco_vec![error])
        }
    };
    if !stops.iter().any(|(_, offset, _)| offset.is_some()) {
        let last = (stops.len() - 1) as f64;
        return stops
            .iter()
            .enumerate()
            .map(|(i, (c, _, span))| Ok((convert(*c, *span)?, Ratio(i as f64 / last))))
            .collect();
    }
    let mut previous = f64::NEG_INFINITY;
    for (_, offset, span) in stops {
        let Some(offset) = offset else {
            crate::bail!(*span, "either all stops must have an offset or none of them can";
                hint: "try adding an offset to all stops");
        };
        if offset.get() < previous {
            crate::bail!(*span, "offsets must be in monotonic order");
        }
        previous = offset.get();
    }
    let mut out = Vec::with_capacity(stops.len());
    for (color, offset, span) in stops {
        let color = convert(*color, *span)?;
        let offset = offset.unwrap_or(Ratio(0.0));
        if !(0.0..=1.0).contains(&offset.get()) {
            crate::bail!(*span, "offset must be between 0 and 1");
        }
        out.push((color, offset));
    }
    if out[0].1.get() != 0.0 {
        crate::bail!(stops[0].2, "first stop must have an offset of 0";
            hint: "try setting this stop to `0%`");
    }
    if out[out.len() - 1].1.get() != 1.0 {
        crate::bail!(stops[out.len() - 1].2, "last stop must have an offset of 100%";
            hint: "try setting this stop to `100%`");
    }
    Ok(out)
}

/// The `relative` argument: `None` for `auto`.
fn relative(args: &mut Args) -> SourceResult<Option<EcoString>> {
    let span = args.named_span("relative");
    match args.named::<Value>("relative")? {
        None | Some(Value::Auto) => Ok(None),
        Some(Value::Str(s)) if s.as_str() == "self" || s.as_str() == "parent" => Ok(Some(s.0)),
        Some(Value::Str(_)) => crate::bail!(span, "expected \"self\", \"parent\", or auto"),
        Some(v) => Err(mismatch("\"self\", \"parent\", or auto", &v)).at(span),
    }
}

/// A named pair of ratios (`center: (50%, 50%)`).
fn ratio_pair(args: &mut Args, name: &str) -> SourceResult<Option<(Ratio, Ratio)>> {
    let pair = ratio_pair_of(args, name);
    args.failed |= pair.is_err();
    pair
}

/// The named pair of ratios, read.
fn ratio_pair_of(args: &mut Args, name: &str) -> SourceResult<Option<(Ratio, Ratio)>> {
    let span = args.named_span(name);
    match args.named::<Value>(name)? {
        None => Ok(None),
        // The focal center defaults to the center when it is `auto`.
        Some(Value::Auto) if name == "focal-center" => Ok(None),
        Some(v @ Value::Array(_)) => {
            let (x, y) = two(v, "array", span)?;
            let ratio = |v: &Value| match v {
                Value::Ratio(r) => Ok(*r),
                v => Err(mismatch("ratio", v)),
            };
            Ok(Some((ratio(&x).at(span)?, ratio(&y).at(span)?)))
        }
        Some(v) if name == "focal-center" => Err(mismatch("array or auto", &v)).at(span),
        Some(v) => Err(mismatch("array", &v)).at(span),
    }
}

/// A named ratio.
fn ratio_arg(args: &mut Args, name: &str) -> SourceResult<Option<(Ratio, Span)>> {
    let span = args.named_span(name);
    Ok(args.named::<Ratio>(name)?.map(|r| (r, span)))
}

/// The stops, space and relative arguments every gradient takes.
struct Common {
    stops: Vec<Stop>,
    space: ColorSpace,
    /// Where the space was given, if it was.
    space_span: Option<Span>,
    relative: Option<EcoString>,
}

/// Reads the arguments every gradient takes. Their errors are those of reading
/// arguments, reported before any leftover argument.
fn common(args: &mut Args) -> SourceResult<Common> {
    let stops = stops(args);
    args.failed |= stops.is_err();
    let space_span = args.items.iter().any(|a| a.name.as_deref() == Some("space"));
    let space_span = space_span.then(|| args.named_span("space"));
    let space = super::color::space_arg_or_auto(args, false)?;
    let relative = relative(args);
    args.failed |= relative.is_err();
    let stops = stops?;
    // Without a space, tints of one colorant mix in that colorant, other stops in Oklab.
    let space = space.unwrap_or_else(|| Color::mixing_space(stops.iter().map(|(c, _, _)| *c)));
    Ok(Common { stops, space, space_span, relative: relative? })
}

fn at_least_two(args: &Args, stops: &[Stop]) -> SourceResult<()> {
    if stops.len() < 2 {
        crate::bail!(args.span, "a gradient must have at least two stops";
            hint: "try filling the shape with a single color instead");
    }
    Ok(())
}

/// `gradient.linear(..stops, space:, relative:, dir:, angle:)`: unlike the other kinds,
/// Typst checks its stops before it looks for leftover arguments.
fn linear(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let result = linear_parts(args);
    args.failed |= result.is_err();
    result
}

/// The linear gradient of the arguments.
fn linear_parts(args: &mut Args) -> SourceResult<Value> {
    let Common { stops, space, space_span, relative } = common(args)?;
    let angle = match args.named::<Angle>("angle")? {
        Some(angle) => angle,
        None => match args.named::<Dir>("dir")? {
            Some(Dir::Rtl) => Angle::rad(PI),
            Some(Dir::Ttb) => Angle::rad(FRAC_PI_2),
            Some(Dir::Btt) => Angle::rad(3.0 * FRAC_PI_2),
            _ => Angle::rad(0.0),
        },
    };
    at_least_two(args, &stops)?;
    let stops = process_stops(&stops, space, space_span)?;
    let kind = GradientKind::Linear { angle };
    Ok(Value::Gradient(Gradient::new(GradientData { kind, stops, space, relative })))
}

/// `gradient.radial(..stops, space:, relative:, center:, radius:, focal-center:,
/// focal-radius:)`.
fn radial(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let Common { stops, space, space_span, relative } = common(args)?;
    let center = ratio_pair(args, "center")?.unwrap_or((Ratio(0.5), Ratio(0.5)));
    let radius = ratio_arg(args, "radius")?.map_or(Ratio(0.5), |(r, _)| r);
    let focal_center = ratio_pair(args, "focal-center")?.unwrap_or(center);
    // An absent focal radius is 0% at no place in the source: Typst's error about a
    // negative radius then has no location.
    let focal_radius = ratio_arg(args, "focal-radius")?;
    at_least_two(args, &stops)?;
    let (focal, span) = focal_radius.unwrap_or((Ratio(0.0), Span::detached()));
    if focal.get() > radius.get() {
        crate::bail!(span, "the focal radius must be smaller than the end radius";
            hint: "try using a focal radius of `0%` instead");
    }
    let focal_radius = focal;
    let distance =
        (focal_center.0.get() - center.0.get()).hypot(focal_center.1.get() - center.1.get());
    if distance >= radius.get() - focal_radius.get() {
        crate::bail!(args.span, "the focal circle must be inside of the end circle";
            hint: "try using a focal center of `auto` instead");
    }
    let stops = process_stops(&stops, space, space_span)?;
    let kind = GradientKind::Radial { center, radius, focal_center, focal_radius };
    Ok(Value::Gradient(Gradient::new(GradientData { kind, stops, space, relative })))
}

/// `gradient.conic(..stops, angle:, center:, space:, relative:)`.
fn conic(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let Common { stops, space, space_span, relative } = common(args)?;
    let angle = args.named::<Angle>("angle")?.unwrap_or(Angle::rad(0.0));
    let center = ratio_pair(args, "center")?.unwrap_or((Ratio(0.5), Ratio(0.5)));
    at_least_two(args, &stops)?;
    let stops = process_stops(&stops, space, space_span)?;
    let kind = GradientKind::Conic { angle, center };
    Ok(Value::Gradient(Gradient::new(GradientData { kind, stops, space, relative })))
}

/// `tiling(size: auto, spacing: (0pt, 0pt), offset: (0pt, 0pt), relative: auto, body)`.
/// An `auto` size is the body's, laid out (in the document's initial styles) here, as
/// Typst does, where evaluation has a typesetter.
pub fn construct_tiling(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let read = tiling_args(args);
    // Errors in reading the arguments come before leftover ones; the checks below after.
    args.failed |= read.is_err();
    let (size, spacing, offset, relative, body) = read?;
    args.take().finish()?;
    if let Some(((w, h), span)) = size {
        if w.em.get() != 0.0 || h.em.get() != 0.0 {
            crate::bail!(span, "tile size must be absolute");
        }
        if [w, h].iter().any(|l| l.abs.to_pt() == 0.0 || !l.abs.to_pt().is_finite()) {
            crate::bail!(span, "tile size must be non-zero and non-infinite");
        }
    }
    if spacing.0.0.em.get() != 0.0 || spacing.0.1.em.get() != 0.0 {
        crate::bail!(spacing.1, "tile spacing must be absolute");
    }
    if [spacing.0.0, spacing.0.1].iter().any(|l| !l.abs.to_pt().is_finite()) {
        crate::bail!(spacing.1, "tile spacing must be finite");
    }
    if offset.0.0.abs.em.get() != 0.0 || offset.0.1.abs.em.get() != 0.0 {
        crate::bail!(offset.1, "tile offset must not be font-relative");
    }
    let finite = |r: &Rel| r.rel.get().is_finite() && r.abs.abs.to_pt().is_finite();
    if !finite(&offset.0.0) || !finite(&offset.0.1) {
        crate::bail!(offset.1, "tile offset must be finite");
    }
    let mut size = size.map(|(size, _)| size);
    if size.is_none()
        && let Some(typesetter) = engine.world.typesetter()
    {
        let region = crate::base::Size::new(crate::base::Abs::inf(), crate::base::Abs::inf());
        let styles = engine.world.styles();
        let measured = typesetter.measure(engine, &body, &styles, region)?;
        if measured.width.is_zero() || measured.height.is_zero() {
            crate::bail!(args.span, "tile size must be non-zero";
                hint: "try setting the size manually");
        }
        size = Some((Length::abs(measured.width), Length::abs(measured.height)));
    }
    let data = TilingData { body, size, spacing: spacing.0, offset: offset.0, relative };
    Ok(Value::Tiling(Tiling(Arc::new(data))))
}

/// A pair of lengths with the span it was given at.
type SpannedPair<T> = ((T, T), Span);

/// The arguments of `tiling`, cast: size, spacing, offset, relative, body.
#[allow(clippy::type_complexity)]
fn tiling_args(
    args: &mut Args,
) -> SourceResult<(
    Option<SpannedPair<Length>>,
    SpannedPair<Length>,
    SpannedPair<Rel>,
    Option<EcoString>,
    Content,
)> {
    let size_span = args.named_span("size");
    let size = match args.named::<Value>("size")? {
        None | Some(Value::Auto) => None,
        Some(v) => Some((length_pair(v, "array or auto", size_span)?, size_span)),
    };
    let zero = Length::abs(crate::base::Abs::zero());
    let spacing_span = args.named_span("spacing");
    let spacing = match args.named::<Value>("spacing")? {
        None => (zero, zero),
        Some(v) => length_pair(v, "array", spacing_span)?,
    };
    let offset_span = args.named_span("offset");
    let offset = match args.named::<Value>("offset")? {
        None => (Rel::default(), Rel::default()),
        Some(v) => rel_pair(v, offset_span)?,
    };
    let relative = relative(args)?;
    let body: Content = args.expect("body")?;
    Ok((size, (spacing, spacing_span), (offset, offset_span), relative, body))
}

/// The two items of an array (`(x, y)`) given at `span`, else an error naming
/// `expected`; a wrong count is explained as Typst explains it for axes.
fn two(value: Value, expected: &str, span: Span) -> SourceResult<(Value, Value)> {
    match value {
        Value::Array(array) => match array.0.as_slice() {
            [x, y] => Ok((x.clone(), y.clone())),
            _ => crate::bail!(span, "array must contain exactly two items";
                hint: "the first item determines the value for the X axis and the second \
                       item the value for the Y axis"),
        },
        v => Err(mismatch(expected, &v)).at(span),
    }
}

/// A pair of lengths (a tile's size or spacing).
fn length_pair(value: Value, expected: &str, span: Span) -> SourceResult<(Length, Length)> {
    let (x, y) = two(value, expected, span)?;
    Ok((Length::from_value(x).at(span)?, Length::from_value(y).at(span)?))
}

/// A pair of relative lengths (a tile's offset).
fn rel_pair(value: Value, span: Span) -> SourceResult<(Rel, Rel)> {
    let (x, y) = two(value, "array", span)?;
    Ok((Rel::from_value(x).at(span)?, Rel::from_value(y).at(span)?))
}
