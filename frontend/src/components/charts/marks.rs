//! Where the labels of a chart's time marks go (the convergence chart's phases): each beside
//! its line, in the first of a few rows where it overlaps no other label, flipped to the
//! line's left at the right edge; a label with no room in any row is left out (its line stays,
//! and the migration graph names every phase). Plotters places text where it is told, so
//! close marks (PreparingTarget, TargetReady, Running a second apart) drew over each other.
//! Native tests below.

/// A label's room: `(row, left)` in pixels.
pub type Placed = Option<(usize, f64)>;

/// Places labels `(x of the mark, width of the text)` between `left_edge` and `right_edge`
/// in at most `rows` rows, `gap` pixels apart at least; the later marks (listed last) first,
/// so a crowded start loses its labels, not the end.
pub fn place(
    labels: &[(f64, f64)],
    (left_edge, right_edge): (f64, f64),
    rows: usize,
    gap: f64,
) -> Vec<Placed> {
    let mut taken: Vec<Vec<(f64, f64)>> = vec![Vec::new(); rows];
    let mut out = vec![None; labels.len()];
    for (i, &(x, w)) in labels.iter().enumerate().rev() {
        // Right of its line, or left of it when it would run past the right edge.
        let left = if x + 3.0 + w <= right_edge {
            x + 3.0
        } else {
            (x - 3.0 - w).max(left_edge)
        };
        let (a, z) = (left, left + w);
        if z > right_edge + 0.5 {
            continue;
        }
        let free = |row: &Vec<(f64, f64)>| row.iter().all(|&(b, y)| z + gap <= b || y + gap <= a);
        if let Some(row) = taken.iter().position(free) {
            taken[row].push((a, z));
            out[i] = Some((row, left));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(labels: &[(f64, f64)], placed: &[Placed]) -> bool {
        let boxes: Vec<(usize, f64, f64)> = placed
            .iter()
            .zip(labels)
            .filter_map(|(p, (_, w))| p.map(|(r, l)| (r, l, l + w)))
            .collect();
        boxes.iter().enumerate().any(|(i, a)| {
            boxes[i + 1..]
                .iter()
                .any(|b| a.0 == b.0 && a.1 < b.2 && b.1 < a.2)
        })
    }

    /// PreparingTarget, TargetReady and Running a few pixels apart: no two overlap, the
    /// latest (Running) keeps its label.
    #[test]
    fn close_phases_never_overlap() {
        let labels = [(100.0, 95.0), (104.0, 80.0), (108.0, 52.0), (112.0, 60.0)];
        let placed = place(&labels, (40.0, 500.0), 3, 6.0);
        assert!(!overlaps(&labels, &placed), "{placed:?}");
        assert!(placed[3].is_some());
        assert_eq!(placed.iter().filter(|p| p.is_some()).count(), 3);
    }

    /// A mark at the right edge reads to the left of its line, inside the plot.
    #[test]
    fn the_last_label_stays_inside_the_plot() {
        let placed = place(&[(100.0, 50.0), (498.0, 70.0)], (40.0, 500.0), 3, 6.0);
        let (_, left) = placed[1].unwrap();
        assert!(left + 70.0 <= 500.0 && left >= 40.0, "{placed:?}");
        // Far apart marks share the first row.
        assert_eq!(placed[0].unwrap().0, 0);
        assert_eq!(placed[1].unwrap().0, 0);
    }
}
