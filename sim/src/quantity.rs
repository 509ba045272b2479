//! Resource quantities as a real API server serves them. kube-apiserver parses every quantity of
//! a core object (a node's capacity, say) and writes it back in canonical form
//! (`CanonicalizeBytes` in k8s.io/apimachinery/pkg/api/resource/quantity.go): a binary amount
//! takes the largest power-of-1024 suffix that keeps it whole, so `33554432Ki` is served as
//! `32Gi`. The simulator once served `33554432Ki` (found by apiserver-harness's `watchers` test,
//! which reads the same nodes from both).

const BINARY_SUFFIXES: [&str; 6] = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];

/// `kib` KiB in canonical form (`Ki` .. `Ei`); `0` for nothing.
pub fn binary_from_kib(kib: u64) -> String {
    if kib == 0 {
        return "0".into();
    }
    let (mut amount, mut suffix) = (kib, 0);
    while amount % 1024 == 0 && suffix + 1 < BINARY_SUFFIXES.len() {
        amount /= 1024;
        suffix += 1;
    }
    format!("{amount}{}", BINARY_SUFFIXES[suffix])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_binary_amounts_take_the_largest_suffix() {
        assert_eq!(binary_from_kib(33_554_432), "32Gi");
        assert_eq!(binary_from_kib(31_457_280), "30Gi");
        assert_eq!(binary_from_kib(536_870_912), "512Gi");
        assert_eq!(binary_from_kib(498_842_604), "498842604Ki");
        assert_eq!(binary_from_kib(1536), "1536Ki");
        assert_eq!(binary_from_kib(1024u64.pow(5)), "1Ei");
        assert_eq!(binary_from_kib(1024u64.pow(6)), "1024Ei");
        assert_eq!(binary_from_kib(0), "0");
    }
}
