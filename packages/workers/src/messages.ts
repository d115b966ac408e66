/**
 * What a pool and its workers say to each other. The pool numbers every
 * request itself, so requests and answers need no id of their own, and a
 * worker's reply names the request it answers: answers may come in any order.
 */

/** A request on its way to a worker. */
export interface RequestMessage<Request> {
  readonly id: number;
  readonly request: Request;
}

/** What a worker says once, when it is ready to answer (it has loaded its code and set up its job). */
export interface ReadyMessage {
  readonly ready: true;
}

/**
 * A worker's reply: a part of the answer told on the way (any number, before
 * the end), then the answer, or what went wrong while answering (the worker
 * goes on with its next request).
 */
export type ReplyMessage<Answer, Part = never> =
  | { readonly id: number; readonly part: Part }
  | { readonly id: number; readonly answer: Answer }
  | { readonly id: number; readonly error: string };
