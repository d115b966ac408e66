/**
 * The help topics of `zapis read` that would not fit an option's line: what reads the cells (--reader) and how the
 * review list is made (--review). The option lines name the choices; these say what each does.
 */
import { DEFAULT_REVIEW_THRESHOLD } from '@zapis/decode';

export function readersHelp(): string {
  return [
    'What reads the cells of a scan (zapis read --reader). Each scores every legal move against what is written.',
    '',
    '  auto      the default: both networks read every cell. The game is decoded twice, by their ensemble and',
    '            by PP-OCR alone; the decoding with fewer moves in doubt is kept, and where the other decodes',
    '            another move, that weighs for review (zapis help review).',
    '  ctc       PP-OCR\u2019s handwriting-capable recogniser alone.',
    '  ensemble  PP-OCR and zapis\u2019s notation network, which reads each cell as written and 1.5\u00d7 wider,',
    '            their scores summed.',
    '  notation  the notation network alone.',
    '  tesseract printed text (a typed or printed record).',
    '',
  ].join('\n');
}

export function reviewHelp(): string {
  return [
    'How zapis read makes the review list (--review): the moves a person should look at beside their cells.',
    '',
    '  risk         the default with --reader auto, and only with it (the model was fitted on its readings).',
    '               A move goes on the list when:',
    '               - the ensemble corrected what was read;',
    '               - one of its readers alone corrected it and the other decoding decodes another move, unless',
    '                 the other player\u2019s sheet reads the move plainly or the only reader objecting is PP-OCR',
    '                 (the other decoding\u2019s own reader);',
    '               - its confidence is below 0.9 (or --review-threshold, as a floor);',
    '               - a fitted model finds it likely to be wrong, from its confidence, the other reader and how',
    '                 much of the sheet is in doubt.',
    `  every-doubt  every move the decoder or the other reader has a reason to doubt, and every move below`,
    `               --review-threshold (default ${DEFAULT_REVIEW_THRESHOLD}); the way with the other readers.`,
    '',
    'A badly read sheet is searched again with a beam 16 times as large (--deep, the default); every move the two',
    'searches decode differently goes on the list too. --no-deep searches once: faster, more moves wrong.',
    '',
  ].join('\n');
}
