/**
 * jsdom lacks the pointer-capture and scrolling APIs Radix Select calls, and the size observer of its
 * popper: call once (e.g. in `beforeAll`) before opening a select in a component test.
 */
export function shimRadixForJsdom(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
