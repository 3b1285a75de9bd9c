import { FLOW_LIMITS, FlowLimitMessage } from '@cube/contract';

/**
 * The bounds on models live in the contract (`flow-limits.ts`: sizes, expression length, timer rules and their
 * Chinese messages), shared with the designer's lint; the check that needs the parser's view of a file (its size in
 * bytes and element depth, before it is parsed) is the server's own.
 */
export {
  addDuration,
  durationSeconds,
  FLOW_LIMITS,
  FlowLimitMessage as LimitMessage,
  type FlowTimerKind as TimerKind,
  timerProblem,
} from '@cube/contract';
/**
 * Why a BPMN text may not even be parsed (too large, nested too deeply), or undefined. One pass over the text:
 * start tags deepen, end tags and `/>` close; comments, CDATA, processing instructions and quoted attribute
 * values are skipped whole, so the depth counted is the element depth the parser would build.
 */
export function xmlProblem(xml: string): string | undefined {
  if (xml.length > FLOW_LIMITS.xmlBytes || Buffer.byteLength(xml, 'utf8') > FLOW_LIMITS.xmlBytes)
    return FlowLimitMessage.xmlTooLarge;
  let depth = 0;
  let i = xml.indexOf('<');
  while (i !== -1 && i < xml.length) {
    const next = xml[i + 1];
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      i = end === -1 ? -1 : xml.indexOf('<', end + 3);
      continue;
    }
    if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      i = end === -1 ? -1 : xml.indexOf('<', end + 3);
      continue;
    }
    if (next === '?' || next === '!') {
      const end = xml.indexOf('>', i + 2);
      i = end === -1 ? -1 : xml.indexOf('<', end + 1);
      continue;
    }
    // Find the tag's end outside quoted attribute values.
    let j = i + 1;
    let quote = '';
    for (; j < xml.length; j++) {
      const c = xml[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    if (j >= xml.length) break;
    if (next === '/') depth--;
    else if (xml[j - 1] !== '/') {
      depth++;
      if (depth > FLOW_LIMITS.xmlDepth) return FlowLimitMessage.xmlTooDeep;
    }
    i = xml.indexOf('<', j + 1);
  }
  return undefined;
}
