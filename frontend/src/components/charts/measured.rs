//! A plotters drawing backend on a `<canvas>` that measures text with the canvas itself.
//!
//! plotters' wasm font code measures every label by adding a `<span style="…">` to the page,
//! which the page's CSP refuses (`style-src` has no `'unsafe-inline'`) and reports once per
//! label. This wrapper hands every drawing call to [`CanvasBackend`] and answers
//! `estimate_text_size` with `CanvasRenderingContext2d.measureText`, which needs no DOM.
//! Hand-written because plotters-canvas has no such option (one trait, delegated).
//!
//! It also draws at the screen's resolution: [`MeasuredCanvas::fitted`] gives the canvas a
//! backing store of its laid-out CSS width × the height asked for, times `devicePixelRatio`,
//! and scales the context by that ratio, so plotters draws in CSS pixels and a high-DPI
//! screen shows it crisp. The style sheet sizes the canvas (`width: 100%; height: auto`), so a
//! chart takes the width it is given.

use plotters::prelude::DrawingBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// [`CanvasBackend`] with text measured by the canvas.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    /// The drawing's size in CSS pixels (the backing store is this times the pixel ratio).
    size: (u32, u32),
}

impl MeasuredCanvas {
    /// The backend on `canvas`, `height` CSS pixels high and as wide as the page lays it out
    /// (its `width` attribute while it is not laid out), at the screen's pixel ratio; `None`
    /// when it has no 2D context.
    pub fn fitted(canvas: HtmlCanvasElement, height: u32) -> Option<Self> {
        let ratio = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .filter(|r| r.is_finite() && *r > 0.0)
            .unwrap_or(1.0);
        let laid_out = u32::try_from(canvas.client_width()).unwrap_or(0);
        let width = if laid_out > 0 {
            laid_out
        } else {
            canvas.width()
        };
        let scaled = |css: u32| (f64::from(css) * ratio).round() as u32;
        if canvas.width() != scaled(width) {
            canvas.set_width(scaled(width));
        }
        if canvas.height() != scaled(height) {
            canvas.set_height(scaled(height));
        }
        let context = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        context
            .set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)
            .ok()?;
        Some(MeasuredCanvas {
            inner: CanvasBackend::with_canvas_object(canvas)?,
            context,
            size: (width, height),
        })
    }

    /// The drawing's size in CSS pixels.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }
}

/// The CSS `font` shorthand plotters-canvas sets before drawing the same text.
fn css_font<S: BackendTextStyle>(style: &S) -> String {
    format!(
        "{} {}px {}",
        style.style().as_str(),
        style.size(),
        style.family().as_str()
    )
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.context.save();
        self.context.set_font(&css_font(style));
        let width = self
            .context
            .measure_text(text)
            .map(|m| m.width())
            .unwrap_or(0.0);
        self.context.restore();
        // The em box: what the span plotters measured would have been high.
        Ok((width.ceil() as u32, style.size().ceil() as u32))
    }
}
