/** Whether the screen is worked by touch (a coarse pointer): the page then says "tap", not "click". */
export function pointerIsTouch(window: Window): boolean {
  return window.matchMedia('(pointer: coarse)').matches;
}
