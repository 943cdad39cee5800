// Asking one question in the terminal with @clack/prompts. The input and output streams are
// parameters, so a test can drive the real prompts; a closed input cancels the question instead of
// waiting forever. What to ask, and in which order, is decided by options.ts, not here.
import type { Readable, Writable } from 'node:stream';
import { cancel, confirm, intro, isCancel, select, text } from '@clack/prompts';
import type { Answers, Question } from './scaffoldOptions.js';

/** The terminal the questions are asked in. */
export interface PromptIO {
  readonly input: Readable;
  readonly output: Writable;
  /** Aborting cancels the open question. */
  readonly signal?: AbortSignal;
}

/** The user cancelled (Ctrl+C, Escape, or the input closed). */
export const CANCELLED = Symbol('cancelled');

/** Print the title before the first question. */
export function promptIntro(io: PromptIO, title: string): void {
  intro(title, { input: io.input, output: io.output });
}

/** Print the cancellation line. */
export function promptCancelled(io: PromptIO, message: string): void {
  cancel(message, { input: io.input, output: io.output });
}

/** Ask `question`; resolves to the answer for {@link Answers}, or {@link CANCELLED}. */
export async function ask(question: Question, io: PromptIO): Promise<Answers[keyof Answers] | typeof CANCELLED> {
  const common = { input: io.input, output: io.output, ...(io.signal ? { signal: io.signal } : {}) };
  let answer: unknown;
  switch (question.id) {
    case 'template':
    case 'scope':
    case 'watch':
      answer = await select<string>({
        ...common,
        message: question.message,
        options: question.choices.map((c) => ({ value: c.value, label: c.label, ...(c.hint ? { hint: c.hint } : {}) })),
        initialValue: question.default,
      });
      break;
    case 'dir':
    case 'kind':
    case 'group':
    case 'version':
    case 'plural': {
      const { validate } = question;
      const fallback = question.default;
      answer = await text({
        ...common,
        message: question.message,
        ...(fallback ? { placeholder: fallback, defaultValue: fallback } : {}),
        // Enter on an empty line takes the default, so that is what gets checked.
        validate: (value) => validate((value ?? '') === '' ? fallback : (value ?? '')),
      });
      if (typeof answer === 'string' && answer === '') answer = fallback;
      break;
    }
    case 'overwrite':
    case 'customize':
    case 'install':
    case 'git':
      answer = await confirm({ ...common, message: question.message, initialValue: question.default });
      break;
  }
  if (isCancel(answer)) return CANCELLED;
  return answer as Answers[keyof Answers];
}
