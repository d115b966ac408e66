/** Messages between the page and a reader worker (one file or one rendered PDF page at a time). */
import type { PlainOutcome } from '@zapis/ocr';

export interface GrayPage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export type ReaderRequest =
  /** Load the recogniser now: a person is choosing a file (nothing is replied; a real request waits for the load). */
  | { readonly kind: 'warm'; readonly job: 0 }
  /** A PNG or JPEG file's bytes. */
  | { readonly kind: 'image'; readonly job: number; readonly name: string; readonly bytes: ArrayBuffer }
  /** A PDF page the page rendered to grey. */
  | { readonly kind: 'page'; readonly job: number; readonly name: string; readonly page: number; readonly image: GrayPage };

export type ReaderReply =
  /** Sent once the worker listens: a message posted before that would be lost (its modules load with top-level await). */
  | { readonly kind: 'ready'; readonly job: 0 }
  | { readonly kind: 'stage'; readonly job: number; readonly stage: 'model' | 'reading' }
  | { readonly kind: 'outcome'; readonly job: number; readonly outcome: PlainOutcome; readonly milliseconds: number }
  | { readonly kind: 'failed'; readonly job: number; readonly message: string };
