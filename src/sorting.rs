//! One sort for the whole crate: values packed into `u64` keys, sorted by the one
//! instance of the standard sort that every caller shares.
//!
//! Each `sort_unstable` or `sort_by_key` on another element type, or with another key
//! closure, is a copy of the standard library's sort (3 to 11 KB of wasm each; a dozen
//! of them made 60 KB of the module). Packing the element, or its key and its place, into
//! an order-preserving `u64` gives exactly the order the standard sort gives: equal
//! packed values are equal elements, and a stable sort keeps equal keys in their places.

/// Sorts `values` in ascending order of their packed form. `pack` must be one to one and
/// keep the order (`a < b` exactly when `pack(a) < pack(b)`), and `unpack` its inverse.
pub(crate) fn sort_packed<T: Copy>(
    values: &mut [T],
    pack: impl Fn(T) -> u64,
    unpack: impl Fn(u64) -> T,
) {
    let mut keys: Vec<u64> = values.iter().map(|&v| pack(v)).collect();
    sort_keys(&mut keys);
    for (v, k) in values.iter_mut().zip(keys) {
        *v = unpack(k);
    }
}

/// Sorts numbers that fit a `u64` ascending.
pub(crate) fn sort_numbers<T: Copy + TryFrom<u64> + Into<u64>>(values: &mut [T]) {
    sort_packed(values, Into::into, |k| {
        T::try_from(k).unwrap_or_else(|_| unreachable!("a packed value unpacks"))
    });
}

/// Sorts `usize` values ascending (a `usize` is at most 64 bits on every target).
pub(crate) fn sort_usizes(values: &mut [usize]) {
    sort_packed(values, |v| v as u64, |k| k as usize);
}

/// Sorts `(cell, symbol)` pairs by cell, then symbol.
pub(crate) fn sort_cell_symbols(pairs: &mut [(usize, u8)]) {
    sort_packed(
        pairs,
        |(c, v)| (c as u64) << 8 | v as u64,
        |k| ((k >> 8) as usize, k as u8),
    );
}

/// Sorts a vector stably by a key below 2^32: elements with equal keys keep their order,
/// as `sort_by_key` keeps them. Vectors of 2^32 elements or more are not sorted here.
pub(crate) fn sort_by_small_key<T>(values: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    assert!(
        (values.len() as u64) < 1 << 32,
        "a vector of fewer than 2^32 elements"
    );
    let mut keys: Vec<u64> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let k = key(v);
            assert!(k < 1 << 32, "a key below 2^32");
            k << 32 | i as u64
        })
        .collect();
    sort_keys(&mut keys);
    let mut slots: Vec<Option<T>> = values.drain(..).map(Some).collect();
    values.extend(keys.iter().map(|&k| {
        slots[(k & 0xffff_ffff) as usize]
            .take()
            .expect("each place once")
    }));
}

/// The crate's one instance of the standard sort.
#[inline(never)]
fn sort_keys(keys: &mut [u64]) {
    keys.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn each_sort_gives_the_standard_sorts_order(
            pairs in prop::collection::vec((0usize..5000, any::<u8>()), 0..200),
            numbers in prop::collection::vec(any::<u32>(), 0..200),
            keyed in prop::collection::vec((0u64..10, any::<u16>()), 0..200),
        ) {
            let mut ours = pairs.clone();
            sort_cell_symbols(&mut ours);
            let mut theirs = pairs.clone();
            theirs.sort_unstable();
            prop_assert_eq!(ours, theirs);

            let mut ours: Vec<usize> = pairs.iter().map(|p| p.0).collect();
            let mut theirs = ours.clone();
            sort_usizes(&mut ours);
            theirs.sort_unstable();
            prop_assert_eq!(ours, theirs);

            let mut ours = numbers.clone();
            sort_numbers(&mut ours);
            let mut theirs = numbers.clone();
            theirs.sort_unstable();
            prop_assert_eq!(ours, theirs);

            // Stable: equal keys keep the order they came in.
            let mut ours = keyed.clone();
            sort_by_small_key(&mut ours, |&(k, _)| k);
            let mut theirs = keyed.clone();
            theirs.sort_by_key(|&(k, _)| k);
            prop_assert_eq!(ours, theirs);
        }
    }
}
