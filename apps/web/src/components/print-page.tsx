/** A round's scoresheets from a pairings CSV, made in the browser with @zapis/pdf. */
import { useEffect, useState } from 'preact/hooks';
import { SHEET_LANGUAGES, type SheetLanguage } from '@zapis/sheet';
import { loadSheetFonts } from '../sheet-fonts.js';
import { useT, type UiLanguage } from '../i18n.js';
import { useObjectUrl } from './scan-view.js';

export function PrintPage({ uiLanguage }: { uiLanguage: UiLanguage }) {
  const t = useT();
  const [csv, setCsv] = useState('');
  const [event, setEvent] = useState('');
  const [round, setRound] = useState('');
  const [language, setLanguage] = useState<SheetLanguage>(uiLanguage);
  const [error, setError] = useState<string | undefined>(undefined);
  const [pdf, setPdf] = useState<{ blob: Blob; boards: number } | undefined>(undefined);
  const url = useObjectUrl(pdf?.blob);
  useEffect(() => setLanguage(uiLanguage), [uiLanguage]);

  const make = async () => {
    setError(undefined);
    setPdf(undefined);
    // The PDF library is loaded the first time a PDF is made, not with the page.
    const { formatPairingsError, parsePairingsCsv, renderRoundPdf } = await import('@zapis/pdf');
    const pairings = parsePairingsCsv(csv, 'pairings.csv');
    if (!pairings.ok) {
      setError(formatPairingsError(pairings.error));
      return;
    }
    const rendered = await renderRoundPdf(pairings.value, {
      language, fonts: await loadSheetFonts(),
      header: { ...(event ? { event } : {}), ...(round ? { round } : {}) },
    });
    if (!rendered.ok) {
      setError(`${rendered.error.option}: ${rendered.error.message}`);
      return;
    }
    setPdf({ blob: new Blob([rendered.value as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), boards: pairings.value.length });
  };

  return (
    <main class="print-page" id="main">
      <p>{t('printIntro')}</p>
      <form onSubmit={(submitted) => { submitted.preventDefault(); void make(); }}>
        <label>{t('pairings')}{' '}
          <input type="file" accept=".csv,text/csv" data-testid="pairings-file" onChange={async (changed) => {
            const file = (changed.currentTarget as HTMLInputElement).files?.[0];
            if (file) setCsv(await file.text());
          }} />
        </label>
        <textarea rows={8} value={csv} data-testid="pairings-text" aria-label={t('pairings')} placeholder={'board,white,black\n1,Kowalski Jan,Nowak Anna'}
          onInput={(changed) => setCsv((changed.currentTarget as HTMLTextAreaElement).value)} />
        <div class="row">
          <label>{t('event')} <input value={event} onInput={(changed) => setEvent((changed.currentTarget as HTMLInputElement).value)} /></label>
          <label>{t('round')} <input value={round} size={4} onInput={(changed) => setRound((changed.currentTarget as HTMLInputElement).value)} /></label>
          <label>{t('sheetLanguage')}{' '}
            <select value={language} onChange={(changed) => setLanguage((changed.currentTarget as HTMLSelectElement).value as SheetLanguage)}>
              {SHEET_LANGUAGES.map((code) => <option key={code} value={code}>{code}</option>)}
            </select>
          </label>
        </div>
        <button type="submit" class="primary" data-testid="make-pdf">{t('makePdf')}</button>
      </form>
      {error ? <p role="alert" class="error" data-testid="print-error">{error}</p> : null}
      {pdf && url ? (
        <p role="status" data-testid="pdf-ready">
          {t('pdfReady', { boards: pdf.boards, pages: pdf.boards * 2 })}{' '}
          <a href={url} download="scoresheets.pdf" data-testid="pdf-download">{t('download')}</a>
        </p>
      ) : null}
    </main>
  );
}
