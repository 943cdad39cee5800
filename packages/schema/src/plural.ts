// The plural resource name of a kind, when a definition does not give one: English rules on the
// last word of the CamelCase kind, and a small table of irregular and uncountable words. The plural
// names the resource in URLs, RBAC rules and the CRD's name, so a definition can always override it.

/** Irregular plurals of common words (singular → plural). */
const IRREGULAR: Readonly<Record<string, string>> = {
  person: 'people', child: 'children', man: 'men', woman: 'women', mouse: 'mice', goose: 'geese', foot: 'feet', tooth: 'teeth',
  ox: 'oxen', leaf: 'leaves', knife: 'knives', life: 'lives', wife: 'wives', half: 'halves', shelf: 'shelves', wolf: 'wolves',
  thief: 'thieves', calf: 'calves', loaf: 'loaves', matrix: 'matrices', vertex: 'vertices', appendix: 'appendices',
  criterion: 'criteria', phenomenon: 'phenomena', cactus: 'cacti', fungus: 'fungi', radius: 'radii', alumnus: 'alumni',
  quiz: 'quizzes', hero: 'heroes', potato: 'potatoes', tomato: 'tomatoes', echo: 'echoes', veto: 'vetoes',
};

/** Words whose plural is the word itself. */
const UNCOUNTABLE = new Set(['sheep', 'fish', 'series', 'species', 'deer', 'news', 'data', 'metadata', 'information', 'equipment', 'moose', 'aircraft', 'software', 'hardware', 'feedback']);

/**
 * The lower-case plural of a kind: `Greeting` → `greetings`, `Policy` → `policies`, `Ingress` →
 * `ingresses`, `Analysis` → `analyses`, `ClusterPerson` → `clusterpeople`, `Fish` → `fish`.
 *
 * @example
 * ```ts
 * pluralize('DatabaseProxy'); // 'databaseproxies'
 * ```
 */
export function pluralize(kind: string): string {
  const words = kind.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g) ?? [kind];
  const last = (words.at(-1) ?? kind).toLowerCase();
  const head = kind.slice(0, kind.length - last.length).toLowerCase();
  return head + pluralWord(last);
}

function pluralWord(word: string): string {
  if (UNCOUNTABLE.has(word)) return word;
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (/(sis)$/.test(word)) return word.replace(/sis$/, 'ses');
  if (/[^aeiou]y$/.test(word)) return word.replace(/y$/, 'ies');
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
