/** Ways to put games on the desk: files (scans and texts), a photo taken now, or pasted text. */
import { useState } from 'preact/hooks';
import { useT } from '../i18n.js';
import type { Session, SessionState } from '../session.js';

export function AddInputs({ session, state }: { session: Session; state: SessionState }) {
  const t = useT();
  const [pasted, setPasted] = useState('');
  const takeFiles = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    void session.addFiles([...(input.files ?? [])]);
    // The same file chosen again is read again.
    input.value = '';
  };
  return (
    <>
      <label class="file-pick">
        <span>{t('addFiles')}</span>
        <input type="file" multiple data-testid="file-input" accept=".png,.jpg,.jpeg,.pdf,.txt,.pgn,image/png,image/jpeg,application/pdf,text/plain"
          onClick={() => session.warmReader()} onChange={takeFiles} />
      </label>
      <label class="file-pick camera">
        <span>{t('takePhoto')}</span>
        <input type="file" accept="image/*" capture="environment" data-testid="camera-input"
          onClick={() => session.warmReader()} onChange={takeFiles} />
      </label>
      <form onSubmit={(event) => {
        event.preventDefault();
        if (pasted.trim() === '') return;
        void session.addText(pasted, t('pastedName', { n: state.inputs.filter((input) => input.kind === 'text').length + 1 }));
        setPasted('');
      }}>
        <label>{t('pasteLabel')}
          <textarea rows={4} value={pasted} data-testid="paste-text" onInput={(event) => setPasted((event.currentTarget as HTMLTextAreaElement).value)} />
        </label>
        <button type="submit" data-testid="paste-submit">{t('pasteButton')}</button>
      </form>
    </>
  );
}
