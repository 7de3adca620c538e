import { useState } from 'react';
import type { EventDetail } from '@khel/contract';
import { useLiveScore } from '../hooks/live-markets';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

/** A stream we can show: an http(s) address; anything else is treated as no stream. */
function playableStream(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

const VIDEO = /\.(mp4|webm|ogg|m3u8)(\?|$)/i;

/**
 * The live score / TV panel (spec §2) with its Score and Tv toggles. Score follows the socket's
 * `score` messages; Tv shows the event's stream, or says honestly that there is none.
 */
export function ScorePanel({ event }: { event: EventDetail }) {
  const [view, setView] = useState<'score' | 'tv'>('score');
  const score = useLiveScore(event._id, event.score);
  const stream = playableStream(event.streamUrl);
  return (
    <section className="score-panel" aria-label={t('Live score and TV')} data-testid="score-panel">
      <div className="segmented score-panel__toggles" role="group" aria-label={t('Score or TV')}>
        <button type="button" aria-pressed={view === 'score'} onClick={() => setView('score')}>
          {t('Score')}
        </button>
        <button type="button" aria-pressed={view === 'tv'} onClick={() => setView('tv')}>
          {t('Tv')}
        </button>
      </div>
      {view === 'score' ? (
        score ? (
          <div className="score" data-testid="score">
            <p className="score__line">
              <strong>{score.home}</strong>
            </p>
            <p className="score__line">
              <strong>{score.away}</strong>
            </p>
            {score.status ? <p className="score__status">{score.status}</p> : null}
            {score.detail.length > 0 ? (
              <ul className="score__detail">
                {score.detail.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="muted score__empty" data-testid="score-empty">
            {event.inPlay
              ? t('The score will appear here as soon as play starts.')
              : t('Starts {date}', { date: formatDate(event.startTime, 'medium') })}
          </p>
        )
      ) : stream ? (
        VIDEO.test(stream) ? (
          <video className="tv" src={stream} controls autoPlay muted playsInline data-testid="tv-stream" />
        ) : (
          <iframe
            className="tv"
            src={stream}
            title={`${event.name} live stream`}
            allow="autoplay; fullscreen"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            data-testid="tv-stream"
          />
        )
      ) : (
        <p className="muted tv-empty" data-testid="tv-empty">
          {t('No live stream for this event.')}
        </p>
      )}
    </section>
  );
}
