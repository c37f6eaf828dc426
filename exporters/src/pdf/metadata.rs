//! Document metadata: [`DocumentInfo`] → the document information dictionary (PDF 1.7,
//! 14.3.3), page labels → the catalog's `/PageLabels` ranges (12.4.2), and the file
//! identifier (14.4), derived from the content so that the same document always gets the
//! same ID.

use pdf_writer::types::NumberingStyle;
use pdf_writer::{Date, Pdf, Ref, TextStr};
use quire_stages::doc::{DocumentInfo, Timestamp};

use super::hash::StableHasher;

/// Writes the information dictionary as `id`. Dates come from the document, else from
/// `timestamp`; without either, none are written.
pub(super) fn write_info(
    pdf: &mut Pdf,
    id: Ref,
    info: &DocumentInfo,
    timestamp: Option<Timestamp>,
) {
    let mut dict = pdf.document_info(id);
    if let Some(title) = &info.title {
        dict.title(TextStr(title));
    }
    if !info.author.is_empty() {
        dict.author(TextStr(&join(&info.author)));
    }
    if let Some(description) = &info.description {
        dict.subject(TextStr(description));
    }
    if !info.keywords.is_empty() {
        dict.keywords(TextStr(&join(&info.keywords)));
    }
    dict.creator(TextStr("quire"));
    dict.producer(TextStr("quire"));
    if let Some(date) = info.date.resolve(timestamp) {
        dict.creation_date(pdf_date(date));
        dict.modified_date(pdf_date(date));
    }
}

/// Joins names or keywords with commas, as viewers show them.
fn join(parts: &[ecow::EcoString]) -> String {
    parts.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ")
}

/// A UTC timestamp as a PDF date (7.9.4).
fn pdf_date(ts: Timestamp) -> Date {
    Date::new(ts.year.clamp(0, 9999) as u16)
        .month(ts.month)
        .day(ts.day)
        .hour(ts.hour.min(23))
        .minute(ts.minute.min(59))
        .second(ts.second.min(59))
        .utc_offset_hour(0)
}

/// The file identifier: a hash of the pages' contents and the metadata, the same for both
/// halves because every file is an original.
pub(super) fn file_id(page_hashes: impl IntoIterator<Item = u128>, info: &DocumentInfo) -> Vec<u8> {
    let mut hasher = StableHasher::new();
    for hash in page_hashes {
        hasher.write_u128(hash);
    }
    for field in
        info.title.iter().chain(&info.author).chain(&info.description).chain(&info.keywords)
    {
        hasher.write(field.as_bytes());
        hasher.write(&[0]);
    }
    hasher.finish().to_be_bytes().to_vec()
}

/// A range of page labels: from page index `start` on, pages are labelled `prefix`
/// followed by a number in `style` counting from `first`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LabelRange {
    pub start: usize,
    pub style: Option<NumberingStyle>,
    pub prefix: String,
    pub first: i32,
}

/// Splits a label like `iv`, `12` or `A-3` into its prefix and its trailing number; a
/// label without a recognisable number is all prefix.
fn parse_label(label: &str) -> (String, Option<(NumberingStyle, i32)>) {
    let digits = label.len() - label.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let (prefix, number) = label.split_at(label.len() - digits);
        if let Ok(n @ 1..) = number.parse::<i32>() {
            return (prefix.into(), Some((NumberingStyle::Arabic, n)));
        }
        return (label.into(), None);
    }
    let letters = label.len() - label.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len();
    let (prefix, word) = label.split_at(label.len() - letters);
    let upper = word.chars().all(|c| c.is_ascii_uppercase());
    let lower = word.chars().all(|c| c.is_ascii_lowercase());
    if word.is_empty() || !(upper || lower) {
        return (label.into(), None);
    }
    if let Some(n) = roman(word) {
        let style = if upper { NumberingStyle::UpperRoman } else { NumberingStyle::LowerRoman };
        return (prefix.into(), Some((style, n)));
    }
    if word.len() == 1 {
        let n = i32::from(word.as_bytes()[0].to_ascii_lowercase() - b'a') + 1;
        let style = if upper { NumberingStyle::UpperAlpha } else { NumberingStyle::LowerAlpha };
        return (prefix.into(), Some((style, n)));
    }
    (label.into(), None)
}

/// The value of a Roman numeral in canonical form (`iv`, not `iiii`), if it is one.
fn roman(word: &str) -> Option<i32> {
    let value = |c: char| match c.to_ascii_lowercase() {
        'i' => Some(1),
        'v' => Some(5),
        'x' => Some(10),
        'l' => Some(50),
        'c' => Some(100),
        'd' => Some(500),
        'm' => Some(1000),
        _ => None,
    };
    let values: Vec<i32> = word.chars().map(value).collect::<Option<_>>()?;
    let mut total = 0;
    for (i, &v) in values.iter().enumerate() {
        if values.get(i + 1).is_some_and(|&next| next > v) {
            total -= v;
        } else {
            total += v;
        }
    }
    (total > 0 && to_roman(total) == word.to_ascii_lowercase()).then_some(total)
}

/// A number as a lowercase Roman numeral.
fn to_roman(mut n: i32) -> String {
    const TABLE: [(i32, &str); 13] = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let mut out = String::new();
    for (value, numeral) in TABLE {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    out
}

/// The label ranges for pages with these labels, in page order; empty when no page has
/// a label. A page continues the previous range when its label is the next one in it.
pub(super) fn label_ranges<'a>(
    labels: impl IntoIterator<Item = Option<&'a str>>,
) -> Vec<LabelRange> {
    let mut ranges: Vec<LabelRange> = Vec::new();
    let mut any = false;
    for (index, label) in labels.into_iter().enumerate() {
        any |= label.is_some();
        let (prefix, number) = label.map_or((String::new(), None), parse_label);
        let (style, n) = number.map_or((None, 1), |(style, n)| (Some(style), n));
        if let Some(last) = ranges.last() {
            let expected = last.first + (index - last.start) as i32;
            if last.style == style && last.prefix == prefix && (style.is_none() || expected == n) {
                continue;
            }
        }
        ranges.push(LabelRange { start: index, style, prefix, first: n });
    }
    if any { ranges } else { Vec::new() }
}

/// Writes one page label dictionary as `id`.
pub(super) fn write_label(pdf: &mut Pdf, id: Ref, range: &LabelRange) {
    let mut label = pdf.indirect(id).start::<pdf_writer::writers::PageLabel>();
    if let Some(style) = range.style {
        label.style(style);
        if range.first != 1 {
            label.offset(range.first);
        }
    }
    if !range.prefix.is_empty() {
        label.prefix(TextStr(&range.prefix));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_split_into_prefix_and_number() {
        assert_eq!(parse_label("12"), (String::new(), Some((NumberingStyle::Arabic, 12))));
        assert_eq!(parse_label("iv"), (String::new(), Some((NumberingStyle::LowerRoman, 4))));
        assert_eq!(parse_label("A-XII"), ("A-".into(), Some((NumberingStyle::UpperRoman, 12))));
        assert_eq!(parse_label("b"), (String::new(), Some((NumberingStyle::LowerAlpha, 2))));
        assert_eq!(parse_label("Cover"), ("Cover".into(), None));
        assert_eq!(parse_label("iiii"), ("iiii".into(), None));
    }

    #[test]
    fn consecutive_labels_share_a_range() {
        let labels = [Some("i"), Some("ii"), Some("1"), Some("2"), Some("5"), None];
        let ranges = label_ranges(labels);
        let starts: Vec<(usize, i32)> = ranges.iter().map(|r| (r.start, r.first)).collect();
        assert_eq!(starts, vec![(0, 1), (2, 1), (4, 5), (5, 1)]);
        assert_eq!(ranges[3].style, None);
        assert!(label_ranges([None, None]).is_empty());
    }
}
