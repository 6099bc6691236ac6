import { type CalendarDate, minimumTermEndsOn, type NoticePeriod, type NoticeUnit, type Term } from './dates.ts';

/** What the copy and the signing page (shared/signing/page/sign-page.js, which cannot import it) say of a contract without terms. */
export const noTermsAgreed = 'Keine besonderen Vertragsbedingungen vereinbart.';

export interface TermSentences {
  minimumTerm: string;
  renewal: string;
  notice: string;
}

/** `2027-01-14` → `14.01.2027`, as German readers write a date. */
export const formatGermanDate = (date: CalendarDate): string => {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
};

// German nouns after a number: nominative for „Kündigungsfrist: 14 Tage“, dative after „von“.
const unitWords: Record<NoticeUnit, { one: string; many: string; manyDative: string }> = {
  day: { one: 'Tag', many: 'Tage', manyDative: 'Tagen' },
  week: { one: 'Woche', many: 'Wochen', manyDative: 'Wochen' },
  month: { one: 'Monat', many: 'Monate', manyDative: 'Monaten' },
};

const counted = ({ value, unit }: NoticePeriod, grammaticalCase: 'nominative' | 'dative'): string => {
  const words = unitWords[unit];
  if (value === 1) return `1 ${words.one}`;
  return `${value} ${grammaticalCase === 'dative' ? words.manyDative : words.many}`;
};

const months = (count: number): string => (count === 1 ? '1 Monat' : `${count} Monate`);

/** A contract's term, renewal and notice in plain German, for the customer's copy and the signing page. */
export const describeTerm = (contract: Term & { minimumTermEndsOn: CalendarDate | null }): TermSentences => {
  const { startDate, minimumTermMonths, renewal, noticePeriod } = contract;
  const termEnd = contract.minimumTermEndsOn ?? minimumTermEndsOn(contract);
  const hasNotice = noticePeriod.value > 0;
  const endsAnyTime = hasNotice
    ? `kann jederzeit mit einer Frist von ${counted(noticePeriod, 'dative')} gekündigt werden`
    : 'kann jederzeit ohne Kündigungsfrist gekündigt werden';
  const notice = hasNotice
    ? `Kündigungsfrist: ${counted(noticePeriod, 'nominative')} ab Eingang der Kündigung.`
    : 'Keine Kündigungsfrist.';

  if (termEnd === null) {
    return {
      minimumTerm: 'Keine Mindestlaufzeit.',
      renewal: `Der Vertrag läuft auf unbestimmte Zeit und ${endsAnyTime}.`,
      notice,
    };
  }

  const minimumTerm = `Mindestlaufzeit: ${months(minimumTermMonths)}, vom ${formatGermanDate(startDate)} bis ${formatGermanDate(termEnd)}.`;
  if (renewal === 'none') {
    return {
      minimumTerm,
      renewal: `Der Vertrag endet von selbst mit Ablauf der Mindestlaufzeit am ${formatGermanDate(termEnd)}; eine Kündigung ist nicht nötig.`,
      notice: 'Keine Kündigungsfrist, da der Vertrag von selbst endet.',
    };
  }
  return {
    minimumTerm,
    renewal:
      `Nach Ablauf der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und ${endsAnyTime}. ` +
      `Eine Kündigung ist auch schon während der Mindestlaufzeit möglich; der Vertrag endet dann frühestens am ${formatGermanDate(termEnd)}.`,
    notice,
  };
};
