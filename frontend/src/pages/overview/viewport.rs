//! Where the virtual list is on screen: the scroll position, the viewport's size, the list's
//! top and width, and the root font's scale, measured on scroll and resize.

use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;

/// The measurements the virtual list is laid out by.
#[derive(Clone, Copy)]
pub struct Viewport {
    /// The window's scroll position.
    pub scroll_y: RwSignal<f64>,
    /// The list's width and the window's inner height.
    pub size: RwSignal<(f64, f64)>,
    /// The list's top, in page coordinates.
    pub list_top: RwSignal<f64>,
    /// Root font size / 16: row heights and card widths are in rem.
    pub scale: RwSignal<f64>,
}

impl Viewport {
    /// Measures now, whenever `list` is mounted, and on every scroll and resize (until the
    /// current owner is cleaned up).
    pub fn track(list: NodeRef<Div>) -> Viewport {
        let v = Viewport {
            scroll_y: RwSignal::new(0.0),
            size: RwSignal::new((1280.0, 860.0)),
            list_top: RwSignal::new(0.0),
            scale: RwSignal::new(1.0),
        };
        let scroll_handle = window_event_listener(ev::scroll, move |_| v.measure(list));
        let resize_handle = window_event_listener(ev::resize, move |_| v.measure(list));
        on_cleanup(move || {
            scroll_handle.remove();
            resize_handle.remove();
        });
        Effect::new(move |_| {
            list.track();
            v.measure(list);
        });
        v
    }

    fn measure(self, list: NodeRef<Div>) {
        let Some(w) = web_sys::window() else {
            return;
        };
        let root_px = w
            .document()
            .and_then(|d| d.document_element())
            .and_then(|e| w.get_computed_style(&e).ok().flatten())
            .and_then(|st| st.get_property_value("font-size").ok())
            // JavaScript's `parseFloat` reads "16px" as 16; Rust's `f64::from_str` would
            // bring its 10 KB table of powers of five into the bundle for this one number.
            .map(|v| js_sys::parse_float(&v))
            .filter(|v| v.is_finite() && *v > 0.0)
            .unwrap_or(16.0);
        if (self.scale.get_untracked() - root_px / 16.0).abs() > 1e-6 {
            self.scale.set(root_px / 16.0);
        }
        self.scroll_y.set(w.scroll_y().unwrap_or(0.0));
        let width = list
            .get_untracked()
            .map(|el| {
                let r = el.get_bounding_client_rect();
                self.list_top.set(r.top() + w.scroll_y().unwrap_or(0.0));
                r.width()
            })
            .unwrap_or(1200.0);
        let h = w
            .inner_height()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(860.0);
        self.size.set((width, h));
    }
}
