/**
 * Keeps only the style rules that jsdom and the testing libraries read back: `display` and `visibility` (what
 * getByRole and friends count as hidden) and `pointer-events` (what user-event refuses to click through).
 *
 * jsdom has no layout, so no other property of antd's injected CSS changes what a test can see — but each
 * `getComputedStyle` call matches every rule of every sheet against the element and, for inherited properties,
 * against each ancestor. With antd's CSS-in-JS in the document (some 2,700 rules once a few screens have drawn)
 * one call took ~0.4 s, and a role query or a table render makes several: half the English walk's time went
 * there. Rules that carry none of these three properties are dropped as a sheet is attached or rewritten.
 */
const KEPT = ['display', 'visibility', 'pointer-events'] as const;

function prune(rules: CSSRuleList, remove: (index: number) => void) {
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index];
    if (rule instanceof CSSStyleRule) {
      if (!KEPT.some((property) => rule.style.getPropertyValue(property))) remove(index);
    } else if (rule instanceof CSSMediaRule) {
      prune(rule.cssRules, (inner) => rule.deleteRule(inner));
      if (rule.cssRules.length === 0) remove(index);
    } else if (!(rule instanceof CSSImportRule)) {
      // @keyframes, @font-face and the like: jsdom never matches them against an element.
      remove(index);
    }
  }
}

function pruneSheet(node: unknown) {
  if (!(node instanceof HTMLStyleElement)) return;
  const sheet = node.sheet;
  if (sheet) prune(sheet.cssRules, (index) => sheet.deleteRule(index));
}

export function keepOnlyRulesTestsRead() {
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    const result = appendChild.call(this, node) as T;
    pruneSheet(node);
    return result;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    const result = insertBefore.call(this, node, child) as T;
    pruneSheet(node);
    return result;
  };
  const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!innerHTML?.set || !innerHTML.get) return;
  const { get, set } = innerHTML;
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get() {
      return get.call(this);
    },
    set(value: string) {
      set.call(this, value);
      pruneSheet(this);
    },
  });
}
