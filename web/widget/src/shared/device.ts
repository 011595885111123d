// Whether this device can place a call or send a text from a tel:/sms: link (pure, for the
// loader's click: src/loader/widget.ts). A phone or a tablet has a touch screen and a coarse
// pointer; a desktop has neither, and there a tel: link does nothing useful (or opens an app the
// visitor never set up): the call panel (src/call/panel.ts) shows the number and a QR code instead.
export type Device = { coarsePointer: boolean; touchPoints: number; width: number };

/** Narrower than this, a device is taken for a phone even without touch (a small window is not). */
export const WIDE = 768;

export const cannotPlaceCalls = (d: Device): boolean => !d.coarsePointer && d.touchPoints == 0 && d.width >= WIDE;
