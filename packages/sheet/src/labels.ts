/**
 * Every word printed on a sheet, per language. Piece letters in the notation
 * hints follow shared/docs/piece-letters.md (K Q R B N order: king, queen,
 * rook, bishop, knight).
 */
export type SheetLanguage = 'pl' | 'en' | 'de' | 'fr' | 'cs';

export const SHEET_LANGUAGES: readonly SheetLanguage[] = ['pl', 'en', 'de', 'fr', 'cs'];

export const isSheetLanguage = (value: string): value is SheetLanguage =>
  (SHEET_LANGUAGES as readonly string[]).includes(value);

export interface SheetLabels {
  readonly title: string;
  readonly continuation: string;
  readonly event: string;
  readonly site: string;
  readonly date: string;
  readonly round: string;
  readonly board: string;
  readonly section: string;
  readonly timeControl: string;
  /** The players' names (header). */
  readonly whitePlayer: string;
  readonly blackPlayer: string;
  readonly rating: string;
  readonly fideId: string;
  readonly federation: string;
  readonly moveNumber: string;
  /** The move columns. */
  readonly whiteMoves: string;
  readonly blackMoves: string;
  readonly clock: string;
  /** FIDE Art. 8.1.5: a draw offer is marked with "=". */
  readonly drawOffer: string;
  readonly result: string;
  readonly whiteSignature: string;
  readonly blackSignature: string;
  readonly whiteCopy: string;
  readonly blackCopy: string;
  readonly original: string;
  readonly copy: string;
  readonly notationHint: string;
  readonly sheetOf: (sheet: number, of: number) => string;
}

const POLISH: SheetLabels = {
  title: 'KARTA ZAPISU PARTII',
  continuation: 'ciąg dalszy',
  event: 'Turniej',
  site: 'Miejsce',
  date: 'Data',
  round: 'Runda',
  board: 'Szachownica',
  section: 'Grupa',
  timeControl: 'Tempo gry',
  whitePlayer: 'Biały',
  blackPlayer: 'Czarny',
  rating: 'Ranking',
  fideId: 'FIDE ID',
  federation: 'Federacja / klub',
  moveNumber: 'Nr',
  whiteMoves: 'Białe',
  blackMoves: 'Czarne',
  clock: 'Czas',
  drawOffer: '=',
  result: 'Wynik',
  whiteSignature: 'Podpis białego',
  blackSignature: 'Podpis czarnego',
  whiteCopy: 'Egzemplarz białego',
  blackCopy: 'Egzemplarz czarnego',
  original: 'Oryginał',
  copy: 'Kopia',
  notationHint: 'K H W G S · bicie : · szach + · mat X · roszada 0-0 · oferta remisu =',
  sheetOf: (sheet, of) => `Arkusz ${sheet} z ${of}`,
};

const ENGLISH: SheetLabels = {
  title: 'SCORESHEET',
  continuation: 'continued',
  event: 'Event',
  site: 'Site',
  date: 'Date',
  round: 'Round',
  board: 'Board',
  section: 'Section',
  timeControl: 'Time control',
  whitePlayer: 'White',
  blackPlayer: 'Black',
  rating: 'Rating',
  fideId: 'FIDE ID',
  federation: 'Federation / club',
  moveNumber: 'No.',
  whiteMoves: 'White',
  blackMoves: 'Black',
  clock: 'Clock',
  drawOffer: '=',
  result: 'Result',
  whiteSignature: "White's signature",
  blackSignature: "Black's signature",
  whiteCopy: "White's copy",
  blackCopy: "Black's copy",
  original: 'Original',
  copy: 'Copy',
  notationHint: 'K Q R B N · capture x · check + · mate # · castling O-O · draw offer =',
  sheetOf: (sheet, of) => `Sheet ${sheet} of ${of}`,
};

const GERMAN: SheetLabels = {
  title: 'PARTIEFORMULAR',
  continuation: 'Fortsetzung',
  event: 'Turnier',
  site: 'Ort',
  date: 'Datum',
  round: 'Runde',
  board: 'Brett',
  section: 'Gruppe',
  timeControl: 'Bedenkzeit',
  whitePlayer: 'Weiß',
  blackPlayer: 'Schwarz',
  rating: 'Wertung',
  fideId: 'FIDE-ID',
  federation: 'Verband / Verein',
  moveNumber: 'Nr.',
  whiteMoves: 'Weiß',
  blackMoves: 'Schwarz',
  clock: 'Zeit',
  drawOffer: '=',
  result: 'Ergebnis',
  whiteSignature: 'Unterschrift Weiß',
  blackSignature: 'Unterschrift Schwarz',
  whiteCopy: 'Exemplar Weiß',
  blackCopy: 'Exemplar Schwarz',
  original: 'Original',
  copy: 'Kopie',
  notationHint: 'K D T L S · schlägt x · Schach + · matt # · Rochade 0-0 · Remisangebot =',
  sheetOf: (sheet, of) => `Blatt ${sheet} von ${of}`,
};

const FRENCH: SheetLabels = {
  title: 'FEUILLE DE NOTATION',
  continuation: 'suite',
  event: 'Tournoi',
  site: 'Lieu',
  date: 'Date',
  round: 'Ronde',
  board: 'Échiquier',
  section: 'Groupe',
  timeControl: 'Cadence',
  whitePlayer: 'Blancs',
  blackPlayer: 'Noirs',
  rating: 'Élo',
  fideId: 'ID FIDE',
  federation: 'Fédération / club',
  moveNumber: 'N°',
  whiteMoves: 'Blancs',
  blackMoves: 'Noirs',
  clock: 'Temps',
  drawOffer: '=',
  result: 'Résultat',
  whiteSignature: 'Signature des Blancs',
  blackSignature: 'Signature des Noirs',
  whiteCopy: 'Exemplaire des Blancs',
  blackCopy: 'Exemplaire des Noirs',
  original: 'Original',
  copy: 'Copie',
  notationHint: 'R D T F C · prise x · échec + · mat # · roque O-O · offre de nulle =',
  sheetOf: (sheet, of) => `Feuille ${sheet} sur ${of}`,
};

const CZECH: SheetLabels = {
  title: 'ZÁPIS PARTIE',
  continuation: 'pokračování',
  event: 'Turnaj',
  site: 'Místo',
  date: 'Datum',
  round: 'Kolo',
  board: 'Šachovnice',
  section: 'Skupina',
  timeControl: 'Tempo hry',
  whitePlayer: 'Bílý',
  blackPlayer: 'Černý',
  rating: 'Elo',
  fideId: 'FIDE ID',
  federation: 'Federace / oddíl',
  moveNumber: 'Č.',
  whiteMoves: 'Bílý',
  blackMoves: 'Černý',
  clock: 'Čas',
  drawOffer: '=',
  result: 'Výsledek',
  whiteSignature: 'Podpis bílého',
  blackSignature: 'Podpis černého',
  whiteCopy: 'Exemplář bílého',
  blackCopy: 'Exemplář černého',
  original: 'Originál',
  copy: 'Kopie',
  notationHint: 'K D V S J · braní x · šach + · mat # · rošáda 0-0 · nabídka remízy =',
  sheetOf: (sheet, of) => `List ${sheet} z ${of}`,
};

export const SHEET_LABELS: Readonly<Record<SheetLanguage, SheetLabels>> = {
  pl: POLISH,
  en: ENGLISH,
  de: GERMAN,
  fr: FRENCH,
  cs: CZECH,
};

export const labelsFor = (language: SheetLanguage): SheetLabels => SHEET_LABELS[language];
