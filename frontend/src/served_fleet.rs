//! Whether the backend watches several clusters (issue 32), as the page it served says
//! (`<html data-fleet>`, written by the backend's `routes::assets`): the overview's rows and the
//! wall's tiles then show even while the stream carries one cluster's VMIs, so a token user
//! signed in to one cluster sees the others, to sign in to them. With one cluster nothing is
//! asked of the backend.

/// True when the page's root carries `data-fleet`.
pub fn served_fleet() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .is_some_and(|e| e.has_attribute("data-fleet"))
}
