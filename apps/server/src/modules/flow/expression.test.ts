import { describe, expect, it } from 'vitest';
import { compile, ExpressionError, resolveTemplate } from './expression.js';

/** The workflow's expression grammar (modules/flow/expression.ts): operators work, nothing else runs. */
describe('flow expression grammar', () => {
  const ev = (body: string, vars: Record<string, unknown> = {}) => compile(body).evaluate(vars);

  it('evaluates comparisons, logic and arithmetic with JUEL-like coercion', () => {
    expect(ev("outcome == 'return'", { outcome: 'return' })).toBe(true);
    expect(ev("outcome eq 'return'", { outcome: 'approve' })).toBe(false);
    expect(ev('days > 3', { days: 5 })).toBe(true);
    expect(ev('days > 3', { days: '2' })).toBe(false);
    expect(ev('days == 3', { days: '3' })).toBe(true);
    expect(ev('days >= 3 && !rush', { days: 3, rush: false })).toBe(true);
    expect(ev('a or b and c', { a: false, b: true, c: false })).toBe(false);
    expect(ev('(a or b) and c', { a: true, b: false, c: true })).toBe(true);
    expect(ev('1 + 2 * 3 - 4 / 2')).toBe(5);
    expect(ev('-x + 1', { x: 2 })).toBe(-1);
    expect(ev('10 % 4')).toBe(2);
    expect(ev("'a' + 1")).toBe('a1');
    expect(ev('empty note', { note: '' })).toBe(true);
    expect(ev('not empty note', { note: 'x' })).toBe(true);
    expect(ev('missing == null')).toBe(true);
    expect(ev('missing > 1')).toBe(false);
    expect(ev('pass', { pass: true })).toBe(true);
    expect(ev('environment.variables.days < 2', { days: 1 })).toBe(true);
    expect(ev('x / 0', { x: 1 })).toBe(null);
  });

  it('reads only own scalar variables', () => {
    expect(ev('obj == null', { obj: { a: 1 } })).toBe(true);
    expect(ev('toString == null', {})).toBe(true);
    expect(ev('hasOwnProperty == null', {})).toBe(true);
  });

  it('refuses anything that is not the grammar', () => {
    for (const bad of [
      "constructor.constructor('return process')()",
      'process.exit()',
      'require("fs")',
      'a = 1',
      'a; b',
      'a[0]',
      '`x`',
      'this.constructor',
      '__proto__',
      'x.__proto__',
      'f(1)',
      'a ? b : c',
      'a => a',
      '',
      '(a',
      "'unterminated",
      'a ==',
      `${'('.repeat(40)}1${')'.repeat(40)}`,
      'x'.repeat(501),
      'new Date()',
      'a | b',
      'a & b',
    ]) {
      expect(() => compile(bad), bad).toThrow(ExpressionError);
    }
  });

  it('resolves templates as bpmn-elements expects', () => {
    expect(resolveTemplate('${agentId}', { agentId: '42' })).toBe('42');
    expect(resolveTemplate('plain', {})).toBe('plain');
    expect(resolveTemplate('case ${no} of ${who}', { no: 7, who: 'x' })).toBe('case 7 of x');
    expect(resolveTemplate("${outcome == 'return'}", { outcome: 'return' })).toBe(true);
  });

  it('reports the literals compared with a variable (the outcomes a task offers)', () => {
    const c = compile("outcome == 'return' || 'reject' == outcome");
    expect([...(c.comparedLiterals.get('outcome') ?? [])].sort()).toEqual(['reject', 'return']);
    expect([...c.names]).toEqual(['outcome']);
  });
});
