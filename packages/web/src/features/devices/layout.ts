/** spec 9: narrow layout breakpoint 768 px (the device page's mobile slots, the full-width sidebar). */
export const NARROW = '(max-width: 767.98px)';
