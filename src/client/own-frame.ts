/**
 * The one rule by which a widget's message counts, for the built-in drawer and the vendor
 * client's adapter alike (field notes: the vendor's client matches a substring of the origin):
 * it comes from the widget's own frame's window AND from the exact origin that frame's address
 * had when it was made (read then, once: a `<base>` posted later moves nothing). A removed
 * frame has no window, so nothing counts from it.
 */

/** A widget's frame and the origin of its address when it was made. */
export interface OwnFrame {
  frame: HTMLIFrameElement;
  origin: string;
}

/** Whether `message` comes from `own`'s frame: its window and its exact origin. */
export function fromOwnFrame(own: OwnFrame | undefined, message: MessageEvent | undefined): boolean {
  return !!own && !!message && message.source !== null && message.source === own.frame.contentWindow && message.origin === own.origin;
}
