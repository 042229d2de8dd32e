// The types of ./request-id-pattern.mjs (plain JavaScript, see there).
export declare const REQUEST_ID_PATTERN: RegExp;
