//! A canvas drawn to fit its box is drawn again when that box changes or the screen's pixel
//! ratio does. Per canvas: one `ResizeObserver` (a new layout: the window resized, a wider or
//! narrower container) and one `change` listener on a media query that matches the current
//! `devicePixelRatio` (zoom, another screen; Chromium's device-pixel-content-box observation
//! does not report a ratio change alone), moved to the new ratio's query when it fires. Both
//! are removed when the chart leaves the page. Hand-written: two browser calls do not justify a
//! crate (leptos-use would bring dozens of hooks).

use leptos::html::Canvas;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{
    Element, MediaQueryList, ResizeObserver, ResizeObserverBoxOptions, ResizeObserverOptions,
};

/// What one canvas's observer holds: the element it watches, the observer, its callback.
type Watch = (Element, ResizeObserver, Closure<dyn FnMut()>);

/// The media query of the current pixel ratio and its `change` listener.
type RatioWatch = (MediaQueryList, Closure<dyn FnMut()>);

/// A number that changes each time `canvas`'s box changes size or the pixel ratio changes; the
/// effect that draws the canvas reads it, so it draws again. The observer follows the canvas if
/// it is replaced; both watches end when the current owner (the chart) is cleaned up.
pub fn resizes(canvas: NodeRef<Canvas>) -> ReadSignal<u32> {
    let (count, set_count) = signal(0u32);
    let bump = move || set_count.update(|n| *n += 1);
    let held: Rc<RefCell<Option<Watch>>> = Rc::default();
    let for_effect = SendWrapper::new(held.clone());
    Effect::new(move |_| {
        let Some(c) = canvas.get() else { return };
        let el: Element = c.unchecked_into();
        let mut slot = for_effect.borrow_mut();
        if slot.as_ref().is_some_and(|(e, _, _)| *e == el) {
            return;
        }
        if let Some((_, old, _)) = slot.take() {
            old.disconnect();
        }
        let callback: Closure<dyn FnMut()> = Closure::new(bump);
        let Ok(observer) = ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
            return;
        };
        // In device pixels: a layout change of a fraction of a CSS pixel counts too.
        let options = ResizeObserverOptions::new();
        options.set_box(ResizeObserverBoxOptions::DevicePixelContentBox);
        observer.observe_with_options(&el, &options);
        *slot = Some((el, observer, callback));
    });
    let ratio = watch_ratio(bump);
    let for_cleanup = SendWrapper::new((held, ratio));
    on_cleanup(move || {
        let (held, ratio) = &*for_cleanup;
        if let Some((_, observer, _)) = held.borrow_mut().take() {
            observer.disconnect();
        }
        if let Some((query, listener)) = ratio.borrow_mut().take() {
            let _ = query
                .remove_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
        }
    });
    count
}

/// The media query that matches while the pixel ratio stays what it is now.
fn current_ratio_query() -> Option<MediaQueryList> {
    let w = web_sys::window()?;
    w.match_media(&format!("(resolution: {}dppx)", w.device_pixel_ratio()))
        .ok()
        .flatten()
}

/// Calls `bump` whenever the pixel ratio changes, by listening to the current ratio's query
/// and moving the one listener to the new ratio's query each time.
fn watch_ratio(bump: impl Fn() + 'static) -> Rc<RefCell<Option<RatioWatch>>> {
    let slot: Rc<RefCell<Option<RatioWatch>>> = Rc::default();
    let Some(query) = current_ratio_query() else {
        return slot;
    };
    let again = Rc::downgrade(&slot);
    let listener: Closure<dyn FnMut()> = Closure::new(move || {
        bump();
        let Some(slot) = again.upgrade() else { return };
        let Ok(mut held) = slot.try_borrow_mut() else {
            return;
        };
        if let Some((query, listener)) = held.as_mut() {
            let f: &js_sys::Function = listener.as_ref().unchecked_ref();
            let _ = query.remove_event_listener_with_callback("change", f);
            if let Some(next) = current_ratio_query() {
                let _ = next.add_event_listener_with_callback("change", f);
                *query = next;
            }
        }
    });
    let _ = query.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
    *slot.borrow_mut() = Some((query, listener));
    slot
}
