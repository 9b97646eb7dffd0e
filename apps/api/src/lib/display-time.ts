/** Where services read the time from: the real clock in production, a fixed one in tests. */
export type Clock = () => Date;

/** The spec's display time of history entries and comments: a local date-time string. */
export const displayTime = (date: Date): string => date.toLocaleString('en-US');
