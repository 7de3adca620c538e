import { describeCard } from '@khel/casino-games';
import { suitSvg } from './symbols.js';

const RANK_LABEL = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A playing card face (or its back while face is null), with a flip-in animation when dealt. */
export function cardElement(card: number | null, options: { animate?: boolean; testId?: string } = {}): HTMLElement {
  const element = document.createElement('div');
  if (options.testId !== undefined) element.dataset.testid = options.testId;
  if (card === null) {
    element.className = 'card card-back';
    return element;
  }
  const { rank, suit, label } = describeCard(card);
  const red = suit === 'hearts' || suit === 'diamonds';
  element.className = `card ${red ? 'card-red' : 'card-black'}${options.animate === true ? ' card-flip' : ''}`;
  element.dataset.card = label;
  element.setAttribute('aria-label', `${RANK_LABEL[rank]} of ${suit}`);
  element.innerHTML = `<span class="card-rank">${RANK_LABEL[rank]}</span><span class="card-suit">${suitSvg(suit)}</span>`;
  return element;
}
