/**
 * A handler's answer with headers of its own, such as the id of the history entry a change wrote: route() sends
 * both, and an Idempotency-Key's stored answer keeps both, so a replay answers the same headers.
 */
export class Answer<T extends object = object> {
  constructor(
    readonly body: T,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}
