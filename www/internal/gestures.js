// Pointer gestures on a grid inside a scrolling box, for touch screens as much as mice:
//
//   tap            a press and release that did not move (a mouse press counts at once)
//   sweep          a mouse dragged with its button down, or one finger dragged where the
//                  caller allows it (canSweep: a grid that fits, with cells big enough to
//                  aim at): the points passed, to select the cells under them
//   drag           else one finger pans the box; what the box cannot scroll scrolls the page
//   pinch          two fingers zoom about their midpoint, and pan as the midpoint moves
//   Ctrl+wheel     a trackpad's pinch (and Ctrl with a mouse wheel) zooms about the pointer
//
// The surface needs `touch-action: none` so that the browser leaves these to us. Nothing
// here knows about grids: the caller turns taps into cells and zoom factors into layouts.

/** How far (CSS px) a finger may wander and still tap. */
const TAP_SLOP = 10;

/**
 * Listens on `surface` (the canvas) and pans `scroller` (the box it scrolls in).
 * `onTap(event)` gets the pointerdown (mouse) or pointerup (touch, pen) event of a tap;
 * `onSweep(clientX, clientY)` each point of a sweep after its first (a finger's sweep
 * starts with `onTap` of its pointerdown event); `canSweep()` says whether a finger's
 * drag sweeps (true) or pans (false);
 * `onZoom(factor, clientX, clientY)` asks to zoom by `factor` about a point of the window.
 * Returns a function that removes the listeners.
 * @param {HTMLElement} surface
 * @param {HTMLElement} scroller
 * @param {{onTap: (event: PointerEvent) => void, onZoom: (factor: number, clientX: number, clientY: number) => void,
 *          onSweep?: (clientX: number, clientY: number) => void, canSweep?: () => boolean}} handlers
 */
export function attachGestures(surface, scroller, { onTap, onZoom, onSweep = () => {}, canSweep = () => false }) {
  /** Pointers down, by id: {x, y} where each is now. */
  const down = new Map();
  /** The gesture under way: {kind: 'press' | 'pan' | 'pinch', ...}. */
  let gesture = null;

  const spread = () => {
    const [a, b] = [...down.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };

  /** Scrolls the box by (dx, dy); what it cannot take scrolls the page. */
  const pan = (dx, dy) => {
    const left = scroller.scrollLeft;
    const top = scroller.scrollTop;
    scroller.scrollLeft = left + dx;
    scroller.scrollTop = top + dy;
    const restX = dx - (scroller.scrollLeft - left);
    const restY = dy - (scroller.scrollTop - top);
    if (Math.abs(restX) >= 1 || Math.abs(restY) >= 1) window.scrollBy(restX, restY);
  };

  const onDown = (event) => {
    if (event.pointerType === 'mouse') {
      if (event.button === 0) {
        onTap(event);
        gesture = { kind: 'mouse' };
      }
      return;
    }
    surface.setPointerCapture?.(event.pointerId);
    down.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (down.size === 1) {
      gesture = { kind: 'press', x: event.clientX, y: event.clientY, start: event };
    } else if (down.size === 2) {
      const s = spread();
      gesture = { kind: 'pinch', distance: s.distance, x: s.x, y: s.y };
    }
    event.preventDefault();
  };

  const onMove = (event) => {
    if (event.pointerType === 'mouse') {
      if (gesture?.kind === 'mouse' && event.buttons & 1) onSweep(event.clientX, event.clientY);
      else if (gesture?.kind === 'mouse') gesture = null;
      return;
    }
    const point = down.get(event.pointerId);
    if (!point || !gesture) return;
    const before = { x: point.x, y: point.y };
    point.x = event.clientX;
    point.y = event.clientY;
    if (gesture.kind === 'pinch' && down.size >= 2) {
      const s = spread();
      if (gesture.distance > 0 && s.distance > 0) onZoom(s.distance / gesture.distance, s.x, s.y);
      pan(gesture.x - s.x, gesture.y - s.y);
      Object.assign(gesture, { distance: s.distance, x: s.x, y: s.y });
    } else if (gesture.kind === 'press') {
      if (Math.hypot(point.x - gesture.x, point.y - gesture.y) > TAP_SLOP) {
        const from = gesture;
        if (canSweep()) {
          gesture = { kind: 'sweep' };
          onTap(from.start);
          onSweep(point.x, point.y);
        } else {
          gesture = { kind: 'pan' };
          pan(from.x - point.x, from.y - point.y); // the whole way from the press
        }
      }
    } else if (gesture.kind === 'sweep') {
      onSweep(point.x, point.y);
    } else if (gesture.kind === 'pan') {
      pan(before.x - point.x, before.y - point.y);
    }
  };

  const onUp = (event) => {
    if (event.pointerType === 'mouse' && gesture?.kind === 'mouse') gesture = null;
    if (!down.has(event.pointerId)) return;
    down.delete(event.pointerId);
    if (event.type === 'pointerup' && gesture?.kind === 'press' && down.size === 0) onTap(event);
    // A pinch that loses a finger goes on as nothing: lifting the other one ends it.
    if (down.size === 0) gesture = null;
    else if (gesture?.kind === 'pinch') gesture = { kind: 'pan' };
  };

  const onWheel = (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    // deltaY in pixels (trackpads) or lines: about 1% per pixel, bounded per event.
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    onZoom(Math.exp(-Math.max(-50, Math.min(50, pixels)) / 100), event.clientX, event.clientY);
  };

  surface.addEventListener('pointerdown', onDown);
  surface.addEventListener('pointermove', onMove);
  surface.addEventListener('pointerup', onUp);
  surface.addEventListener('pointercancel', onUp);
  surface.addEventListener('wheel', onWheel, { passive: false });
  return () => {
    surface.removeEventListener('pointerdown', onDown);
    surface.removeEventListener('pointermove', onMove);
    surface.removeEventListener('pointerup', onUp);
    surface.removeEventListener('pointercancel', onUp);
    surface.removeEventListener('wheel', onWheel);
  };
}
