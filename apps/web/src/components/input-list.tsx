/** The files and texts on the desk, each with how its reading goes and what went wrong in it. */
import { useT, type MessageKey, type Translate } from '../i18n.js';
import type { InputEntry, SessionState } from '../session.js';
import type { DeskFailure } from '@zapis/desk';

/** The page of a scan a failure is on, as a prefix ('page 2: '), or nothing (a text's message names its line itself). */
function placeOf(failure: DeskFailure, t: Translate): string {
  return failure.page !== undefined ? `${t('failurePage', { n: failure.page })}: ` : '';
}

const STATUS_KEY: Record<InputEntry['status'], MessageKey> = {
  queued: 'statusQueued', model: 'statusModel', reading: 'statusReading', rendering: 'statusRendering', done: 'statusDone', error: 'statusError',
};

export function InputList({ state }: { state: SessionState }) {
  const t = useT();
  // Failures of files no longer listed (or never listed) are not lost: they get a list of their own.
  const unlisted = state.failures.filter((failure) => !state.inputs.some((input) => input.id === failure.inputId));
  return (
    <>
      {state.inputs.length > 0 ? (
        <section aria-labelledby="inputs-heading">
          <h2 id="inputs-heading">{t('inputs')}</h2>
          <ul class="inputs" data-testid="inputs">
            {state.inputs.map((input) => (
              <li key={input.id} data-input={input.name} data-status={input.status}>
                <span class="name">{input.name}</span>{' '}
                {input.kind === 'scan' || input.status === 'error'
                  ? <span class={`status status-${input.status}`}>{t(STATUS_KEY[input.status], { s: (input.seconds ?? 0).toFixed(1) })}</span> : null}
                {input.message ? <p role="alert" class="error" data-testid="input-error">{input.message}</p> : null}
                {/* What went wrong in a file read well (a text with no game, a page without a sheet) stands under its name too. */}
                {input.message ? null : state.failures.filter((failure) => failure.inputId === input.id).map((failure, index) => (
                  <p key={index} role="alert" class="error" data-testid="failure">{placeOf(failure, t)}{failure.message}</p>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {unlisted.length > 0 ? (
        <ul class="failures">
          {unlisted.map((failure, index) => (
            <li key={index} role="alert" class="error" data-testid="failure">{failure.name}: {placeOf(failure, t)}{failure.message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
