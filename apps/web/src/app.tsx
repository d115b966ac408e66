/** The app's shell: the two pages and the interface language. */
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { I18n, preferredLanguage, translator, type UiLanguage } from './i18n.js';
import type { Session, SessionState } from './session.js';
import { ReviewPage } from './components/review-page.js';
import { PrintPage } from './components/print-page.js';

type Page = 'review' | 'print';

export function App({ session }: { session: Session }) {
  const [state, setState] = useState<SessionState>(session.current);
  const [language, setLanguage] = useState<UiLanguage>(preferredLanguage);
  const [page, setPage] = useState<Page>('review');
  const t = useMemo(() => translator(language), [language]);
  useEffect(() => {
    const unsubscribe = session.subscribe(setState);
    // The session may have changed between the first render and now (its restore runs meanwhile): catch up.
    setState(session.current);
    return unsubscribe;
  }, [session]);
  // Before the paint: the page's language (what a screen reader speaks it in) changes with its text, never after it.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.title = t('title');
    localStorage.setItem('zapis-ui-language', language);
  }, [language, t]);
  return (
    <I18n.Provider value={t}>
      <a class="skip" href="#main">{t('moves')}</a>
      <header class="top">
        <h1>{t('title')}</h1>
        <nav aria-label="pages">
          <button type="button" aria-current={page === 'review' ? 'page' : undefined} data-testid="tab-review" onClick={() => setPage('review')}>{t('tabReview')}</button>
          <button type="button" aria-current={page === 'print' ? 'page' : undefined} data-testid="tab-print" onClick={() => setPage('print')}>{t('tabPrint')}</button>
        </nav>
        <label class="language">{t('language')}{' '}
          <select value={language} data-testid="ui-language" onChange={(event) => setLanguage((event.currentTarget as HTMLSelectElement).value as UiLanguage)}>
            <option value="pl">Polski</option>
            <option value="en">English</option>
          </select>
        </label>
      </header>
      {state.storageSilent ? <p role="alert" class="sheet-warning" data-testid="storage-warning">{t('storageSilent')}</p> : null}
      {page === 'review' ? <ReviewPage session={session} state={state} /> : <PrintPage uiLanguage={language} />}
      <footer class="bottom quiet" data-ready={String(state.restored)} data-testid="footer">{t('offline')}</footer>
    </I18n.Provider>
  );
}
