//! CFF charsets: a CID-keyed CFF font program + the CID each glyph should have → the same
//! program with a new charset (Adobe Technical Note #5176, 13 Charsets).
//!
//! `subsetter` writes CID-keyed CFF subsets whose charset maps glyph `i` to CID `i`. Page
//! content streams address glyphs by their original glyph id, so the charset is replaced by
//! one that maps each subset glyph to its original id: a format-0 charset appended to the
//! end of the table, and the Top DICT's `charset` offset pointed at it. `subsetter` writes
//! that offset as a five-byte integer (operator 29), so it can be patched in place without
//! moving anything else; its `CIDCount` is 65535, which covers every glyph id.

/// The Top DICT operator for the charset offset.
const CHARSET: u8 = 15;

/// Returns `cff` with glyph `i` keyed to CID `cids[i]` (`cids[0]` must be 0, `.notdef`),
/// or `None` when the table is not laid out as expected.
pub(super) fn assign_cids(cff: &[u8], cids: &[u16]) -> Option<Vec<u8>> {
    if cids.first() != Some(&0) {
        return None;
    }
    let header_size = usize::from(*cff.get(2)?);
    let (_, after_names) = index(cff, header_size)?;
    let (top_dicts, _) = index(cff, after_names)?;
    let top_dict = top_dicts.first()?.clone();
    let operand = charset_operand(cff.get(top_dict)?)? + top_dicts.first()?.start;

    let mut out = cff.to_vec();
    let offset = i32::try_from(out.len()).ok()?;
    out[operand + 1..operand + 5].copy_from_slice(&offset.to_be_bytes());
    out.push(0);
    for cid in &cids[1..] {
        out.extend(cid.to_be_bytes());
    }
    Some(out)
}

/// Parses the INDEX at `start`: the byte ranges of its objects and where it ends.
fn index(data: &[u8], start: usize) -> Option<(Vec<std::ops::Range<usize>>, usize)> {
    let count = usize::from(u16::from_be_bytes([*data.get(start)?, *data.get(start + 1)?]));
    if count == 0 {
        return Some((Vec::new(), start + 2));
    }
    let off_size = usize::from(*data.get(start + 2)?);
    if !(1..=4).contains(&off_size) {
        return None;
    }
    let offsets_at = start + 3;
    let offset = |i: usize| -> Option<usize> {
        let bytes = data.get(offsets_at + i * off_size..offsets_at + (i + 1) * off_size)?;
        Some(bytes.iter().fold(0usize, |acc, &b| (acc << 8) | usize::from(b)))
    };
    // Offsets count from the byte before the object data.
    let base = offsets_at + (count + 1) * off_size - 1;
    let mut ranges = Vec::with_capacity(count);
    for i in 0..count {
        let (from, to) = (offset(i)?, offset(i + 1)?);
        if from == 0 || to < from {
            return None;
        }
        ranges.push(base + from..base + to);
    }
    let end = base + offset(count)?;
    (end <= data.len()).then_some((ranges, end))
}

/// Finds the `charset` entry in a DICT and returns the position of its operand, which
/// must be a five-byte integer.
fn charset_operand(dict: &[u8]) -> Option<usize> {
    let mut i = 0;
    let mut last_operand: Option<(usize, u8)> = None;
    while i < dict.len() {
        let b0 = dict[i];
        match b0 {
            0..=21 => {
                if b0 == CHARSET {
                    return last_operand.filter(|&(_, kind)| kind == 29).map(|(at, _)| at);
                }
                i += if b0 == 12 { 2 } else { 1 };
                last_operand = None;
            }
            28 => {
                last_operand = Some((i, 28));
                i += 3;
            }
            29 => {
                last_operand = Some((i, 29));
                i += 5;
            }
            30 => {
                // A real number: nibbles up to the one that is 0xf.
                last_operand = Some((i, 30));
                i += 1;
                while i < dict.len() && dict[i] & 0x0f != 0x0f && dict[i] >> 4 != 0x0f {
                    i += 1;
                }
                i += 1;
            }
            32..=246 => {
                last_operand = Some((i, b0));
                i += 1;
            }
            247..=254 => {
                last_operand = Some((i, b0));
                i += 2;
            }
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal CFF: header, a Name INDEX with "A", a Top DICT INDEX whose dict holds
    /// `charset` as a five-byte integer, an empty String INDEX.
    fn table() -> Vec<u8> {
        let dict = [29, 0, 0, 0, 0, CHARSET];
        let mut cff = vec![1, 0, 4, 4];
        cff.extend([0, 1, 1, 1, 2, b'A']);
        cff.extend([0, 1, 1, 1, 1 + dict.len() as u8]);
        cff.extend(dict);
        cff.extend([0, 0]);
        cff
    }

    #[test]
    fn charset_is_appended_and_pointed_at() {
        let cff = table();
        let out = assign_cids(&cff, &[0, 40, 7]).unwrap();
        assert_eq!(&out[..cff.len() - 7], &cff[..cff.len() - 7]);
        assert_eq!(out[cff.len()..], [0, 0, 40, 0, 7]);
        let dict_at = 4 + 6 + 5;
        assert_eq!(out[dict_at], 29);
        assert_eq!(out[dict_at + 1..dict_at + 5], (cff.len() as i32).to_be_bytes());
    }

    #[test]
    fn unexpected_layouts_are_refused() {
        let mut cff = table();
        // The charset operand as a one-byte number cannot be patched in place.
        cff.splice(15..20, [139]);
        assert_eq!(assign_cids(&cff, &[0, 1]), None);
        assert_eq!(assign_cids(&table(), &[5]), None);
        assert_eq!(assign_cids(&[1, 0], &[0]), None);
    }
}
