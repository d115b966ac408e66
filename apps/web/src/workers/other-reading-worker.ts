/**
 * The other reading's worker: decodes the cross-check's second reading of each scan game (PP-OCR alone) for the
 * desk worker, on the other core, while the desk worker decodes the ensemble's (@zapis/desk's OtherReadingHost).
 */
import { OtherReadingHost, type OtherReadingMessage } from '@zapis/desk';
import { otherReadingReplies, type OtherReadingPort } from './other-reading-link.js';

const host = new OtherReadingHost();

/** From the page, once: the port the desk worker's requests come by, and the shared memory answers go to. */
self.onmessage = (event: MessageEvent<OtherReadingPort>): void => {
  const { port, ...answers } = event.data;
  const replies = otherReadingReplies(answers);
  port.onmessage = (request: MessageEvent<OtherReadingMessage>) => {
    try {
      host.handle(request.data, replies);
    } catch {
      // The desk worker decodes the reading itself rather than wait for an answer that will not come.
      if (request.data.kind === 'decode') replies.reply(request.data.seq, undefined);
    }
  };
  replies.listening();
};
