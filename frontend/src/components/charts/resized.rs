//! A canvas drawn to fit its box is drawn again when that box changes: one `ResizeObserver` per
//! canvas on its device-pixel content box, which by the Resize Observer spec reports a new
//! layout (the window resized, a wider or narrower container) and a new `devicePixelRatio`
//! (zoom, another screen) alike, and is disconnected when the chart leaves the page.
//! (Chromium's emulated ratio, as the e2e tests set it, reaches observers only with the next
//! layout change.) Hand-written: one observer does not justify a crate (leptos-use would bring
//! dozens of hooks).

use leptos::html::Canvas;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Element, ResizeObserver, ResizeObserverBoxOptions, ResizeObserverOptions};

/// What one canvas's observer holds: the element it watches, the observer, its callback.
type Watch = (Element, ResizeObserver, Closure<dyn FnMut()>);

/// A number that changes each time `canvas`'s box changes size in device pixels; the effect
/// that draws the canvas reads it, so it draws again. The observer follows the canvas if it is
/// replaced and is disconnected when the current owner (the chart) is cleaned up.
pub fn resizes(canvas: NodeRef<Canvas>) -> ReadSignal<u32> {
    let (count, set_count) = signal(0u32);
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
        let callback: Closure<dyn FnMut()> = Closure::new(move || set_count.update(|n| *n += 1));
        let Ok(observer) = ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
            return;
        };
        let options = ResizeObserverOptions::new();
        options.set_box(ResizeObserverBoxOptions::DevicePixelContentBox);
        observer.observe_with_options(&el, &options);
        *slot = Some((el, observer, callback));
    });
    let for_cleanup = SendWrapper::new(held);
    on_cleanup(move || {
        if let Some((_, observer, _)) = for_cleanup.borrow_mut().take() {
            observer.disconnect();
        }
    });
    count
}
