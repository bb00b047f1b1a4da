//! Small random exact-cover problems with colours, for property tests.

use exactcover::Problem;
use quickcheck::{Arbitrary, Gen};

/// A small random problem with colours: up to 4 primary and 4 secondary
/// items, up to 12 options, secondary entries coloured red, blue or not.
#[derive(Clone, Debug)]
pub struct Coloured(pub Problem);

impl Arbitrary for Coloured {
    fn arbitrary(g: &mut Gen) -> Coloured {
        let mut p = Problem::new();
        let primaries = 1 + usize::arbitrary(g) % 4;
        let secondaries = 1 + usize::arbitrary(g) % 4;
        p.add_primary_items(primaries);
        p.add_secondary_items(secondaries);
        let colours = [p.colour("red").unwrap(), p.colour("blue").unwrap()];
        for _ in 0..usize::arbitrary(g) % 13 {
            let mut entries = Vec::new();
            for i in 0..primaries + secondaries {
                if u8::arbitrary(g) % 3 != 0 {
                    continue;
                }
                let colour = match u8::arbitrary(g) % 3 {
                    _ if i < primaries => None,
                    0 => None,
                    k => Some(colours[k as usize - 1]),
                };
                entries.push((i, colour));
            }
            if entries.is_empty() {
                entries.push((usize::arbitrary(g) % primaries, None));
            }
            p.add_coloured_option(entries).unwrap();
        }
        Coloured(p)
    }
}
