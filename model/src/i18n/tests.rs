use super::*;

#[test]
fn a_headline_is_translated_with_its_title_and_keeps_the_name() {
    assert_eq!(
        tr(
            Lang::Ja,
            "prod/db-0: node/launcher broken — Node worker-3 NotReady (also degraded: guest, network)"
        ),
        "prod/db-0: ノード/ランチャー 障害 — ノード worker-3 は NotReady(ほかに低下: ゲスト、ネットワーク)"
    );
    assert_eq!(
        tr(
            Lang::Ja,
            "prod/db-0: healthy as far as seen; unknown: guest"
        ),
        "prod/db-0: 見えた範囲では正常。不明: ゲスト"
    );
}

#[test]
fn english_is_left_as_written() {
    let s = "prod/db-0: node/launcher broken — Node worker-3 NotReady";
    assert_eq!(tr(Lang::En, s), s);
}

#[test]
fn an_unknown_sentence_stays_and_its_known_neighbours_are_translated() {
    let s = "The guest stopped normally. Something no table knows about.";
    let j = tr(Lang::Ja, s);
    assert!(j.starts_with("ゲストは正常に停止しました。"), "{j}");
    assert!(j.ends_with("Something no table knows about."), "{j}");
    assert_eq!(ja("Nothing here is known at all"), None);
}

#[test]
fn odd_input_never_panics() {
    for s in [
        "",
        " ",
        "{}",
        "{0}",
        ": — ",
        "日本語: — ",
        ". . .",
        "a, b, c",
        ", ,",
    ] {
        let _ = tr(Lang::Ja, s);
    }
}

#[test]
fn a_view_model_is_localized_but_its_data_fields_are_not() {
    let mut v = serde_json::json!({
        "title": "Guest agent connected",
        "evidence": ["Guest agent connected"],
        "name": "db-0",
        "health": "broken",
        "layer": "guest",
    });
    localize_json(&mut v, Lang::Ja);
    assert_eq!(v["title"], "ゲストエージェント接続済み");
    assert_eq!(v["evidence"][0], "Guest agent connected");
    assert_eq!(v["name"], "db-0");
    // Values the client reads back as enums stay as they are.
    assert_eq!(v["health"], "broken");
    assert_eq!(v["layer"], "guest");
}

#[test]
fn of_several_readings_the_one_whose_phrases_translate_wins() {
    let s = "The VM uses a PCI host device or GPU that cannot migrate (generic PCI device, too many \
             GPUs, or a vGPU without the VGPULiveMigration feature gate). (VMI specifies \
             non-migratable generic PCI host device) Eviction strategy LiveMigrate \
             (spec.evictionStrategy): a drain of its node blocks on this VM.";
    let j = tr(Lang::Ja, s);
    assert!(j.starts_with("VM はマイグレーションできない PCI"), "{j}");
    assert!(
        j.contains("「VMI specifies non-migratable generic PCI host device」"),
        "{j}"
    );
    assert!(english_sentences(&j).is_empty(), "{j}");
}

#[test]
fn cluster_words_stay_quoted_data_in_japanese() {
    // A component's message before its meaning: kept, quoted; the meaning translated.
    let j = tr(
        Lang::Ja,
        "“0/9 nodes are available: 6 No preemption victims found for incoming pod.” The VM does not start; for a migration, the target pod cannot be placed and the migration cannot proceed.",
    );
    assert!(j.starts_with("“0/9 nodes are available"), "{j}");
    assert!(english_sentences(&j).is_empty(), "{j}");
    // The guest's own name of its OS, parentheses and all.
    let j = tr(
        Lang::Ja,
        "The guest OS is up and its agent answers (Red Hat Enterprise Linux 9.4 (Plow)).",
    );
    assert!(j.contains("「Red Hat Enterprise Linux 9.4 (Plow)」"), "{j}");
    assert!(english_sentences(&j).is_empty(), "{j}");
}

#[test]
fn the_backends_history_off_answer_is_translated_with_its_reason() {
    let j = tr(
        Lang::Ja,
        "History is off: history is not configured. The console still shows the live state.",
    );
    assert_eq!(
        j,
        "履歴は無効です: 履歴は設定されていません。コンソールは引き続き現在の状態を表示します。"
    );
}

#[test]
fn a_sync_message_before_its_lowercase_meaning_stays_quoted_and_the_meaning_is_translated() {
    let j = tr(
        Lang::Ja,
        "“failed create validation: spec.domain.devices.disks[0] is invalid.” virt-controller \
         refused to create the launcher pod because the VMI failed its create validation \
         (\"failed create validation: …\", `pkg/virt-controller/watch/vmi/lifecycle.go`).",
    );
    assert!(
        j.starts_with("“failed create validation: spec.domain.devices.disks[0] is invalid.”"),
        "{j}"
    );
    assert!(english_sentences(&j).is_empty(), "{j}");
}

#[test]
fn a_second_launchers_cause_is_translated_after_the_signals_own() {
    for cause in [
        "A container ended with a non-zero exit code.",
        "the scheduler has not placed the launcher pod; the usual reasons are Insufficient \
         memory or cpu, Insufficient devices.kubevirt.io/kvm, or unbound PVCs (see its events).",
    ] {
        let s = format!(
            "{cause} The pod virt-launcher-t-n4kxm is a second launcher pod of the VMI beside \
             virt-launcher-t-2dlpg, which is Running and ready: a VMI has two launcher pods only \
             while a migration runs, so this one is the migration's target (its placement or its \
             clean-up)."
        );
        let j = tr(Lang::Ja, &s);
        assert!(english_sentences(&j).is_empty(), "{j}");
        assert!(j.contains("virt-launcher-t-n4kxm") && j.contains("virt-launcher-t-2dlpg"));
    }
    let j = tr(
        Lang::Ja,
        "migration target pod virt-launcher-testvm-chttc: the virt-launcher pod is Pending",
    );
    assert!(j.contains("virt-launcher-testvm-chttc"), "{j}");
    assert!(english_sentences(&j).is_empty(), "{j}");
}

#[test]
fn a_migration_that_does_not_converge_is_translated_with_its_rates() {
    let j = tr(
        Lang::Ja,
        "dirty rate 300.0 MiB/s ≥ transfer rate 100.0 MiB/s: the guest writes memory faster than \
         it can be copied. Post-copy is allowed, so KubeVirt can switch to PostCopy.",
    );
    assert_eq!(
        j,
        "ダーティレート 300.0 MiB/s ≥ 転送レート 100.0 MiB/s: ゲストがコピーより速くメモリーに書き込んでいます。\
         post-copy が許可されているので、KubeVirt は PostCopy に切り替えられます。"
    );
}

#[test]
fn an_unknown_reason_after_its_quoted_message_is_translated() {
    let j = tr(
        Lang::Ja,
        "“couldn't parse image name \"http://quay.io/x:latest\": invalid reference format” \
         \"InvalidImageName\" is not among the values Strata knows for a condition reason (it may \
         come from a newer or older KubeVirt). It is shown verbatim.",
    );
    assert!(j.starts_with("“couldn't parse image name"), "{j}");
    assert!(j.contains("\"InvalidImageName\" は Strata が"), "{j}");
    assert!(english_sentences(&j).is_empty(), "{j}");
}

/// A template that would render a sentence unchanged (its Japanese is its English with data
/// holes) yields to one that translates it: a VMI's unknown status was left in English.
#[test]
fn a_template_that_translates_nothing_yields_to_one_that_does() {
    assert_eq!(
        tr(
            Lang::Ja,
            "VirtualMachineInstance ns/vm1: Weird (a value Strata does not know)"
        ),
        "VirtualMachineInstance ns/vm1: Weird(Strata の知らない値)"
    );
    // Alone, the data template is still the one that reads the sentence.
    assert_eq!(
        tr(Lang::Ja, "VirtualMachineInstance ns/vm1: Running"),
        "VirtualMachineInstance ns/vm1: Running"
    );
}

/// A sentence joined before a template whose hole comes early (`The pod {} is a second launcher
/// pod …`) is not swallowed by that hole: each sentence is translated (the first was left in
/// English inside the pod's name).
#[test]
fn a_sentence_before_an_early_hole_is_translated_on_its_own() {
    let j = tr(
        Lang::Ja,
        &crate::prose::then(
            "The pod runs but a container is not ready.",
            "The pod virt-launcher-a-1 is a second launcher pod of the VMI beside \
             virt-launcher-a-2, which is Running and ready: a VMI has two launcher pods only \
             while a migration runs, so this one is the migration's target (its placement or \
             its clean-up).",
        ),
    );
    assert!(english_sentences(&j).is_empty(), "{j}");
    assert!(j.contains("Pod virt-launcher-a-1 は"), "{j}");
}

/// A described VMI's failed migration quotes KubeVirt's reason as a component's words, so a
/// Japanese page shows it as quoted data, not as an English sentence.
#[test]
fn a_described_migration_failure_keeps_its_reason_quoted() {
    let j = tr(
        Lang::Ja,
        "The VMI's Migration State says Failed: true (“Live migration is not completed after 150 \
         seconds and has been aborted”): its last migration failed and it stays on its source node.",
    );
    assert!(english_sentences(&j).is_empty(), "{j}");
    assert!(
        j.contains("“Live migration is not completed after 150 seconds"),
        "{j}"
    );
}

#[test]
fn a_layer_with_nothing_found_says_so_in_japanese() {
    let mut v = serde_json::json!({"layers": [{"summary": crate::diagnosis::NO_EVIDENCE}]});
    localize_json(&mut v, Lang::Ja);
    assert_eq!(v["layers"][0]["summary"], "証拠なし");
}
