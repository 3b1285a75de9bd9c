import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;

/**
 * The instant (ms since epoch) of a server time stamp: an ISO time with an offset as it is; a zone-less
 * `yyyy-MM-dd HH:mm:ss` read in the server's `timeZone` (or the browser's when none is known or it is invalid).
 * `undefined` when it cannot be read.
 */
export function serverInstant(serverTime: string, timeZone?: string): number | undefined {
  const text = serverTime.trim();
  if (LOCAL_DATE_TIME.test(text)) {
    if (timeZone) {
      try {
        return dayjs.tz(text.replace('T', ' '), timeZone).valueOf();
      } catch {
        // An unknown zone name: fall through to the browser's zone.
      }
    }
    const local = dayjs(text.replace('T', ' '));
    return local.isValid() ? local.valueOf() : undefined;
  }
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.valueOf() : undefined;
}

export interface ClockSkew {
  /** Server minus browser, in ms; positive when the server clock is ahead. */
  skewMs: number;
  /** Half the round trip plus the half second lost by a time stamp in whole seconds: below this it is noise. */
  uncertaintyMs: number;
}

/**
 * Compares the server's clock with the browser's: the server read its clock somewhere between sending and
 * receiving, so its stamp is set against the middle of the round trip. A stamp in whole seconds is taken to
 * mean the middle of that second.
 */
export function clockSkew(
  serverTime: string,
  timeZone: string | undefined,
  sentAt: number,
  receivedAt: number,
): ClockSkew | undefined {
  const server = serverInstant(serverTime, timeZone);
  if (server === undefined) return undefined;
  const wholeSeconds = !/\d{2}:\d{2}:\d{2}\.\d/.test(serverTime);
  const serverMid = wholeSeconds ? server + 500 : server;
  const browserMid = (sentAt + receivedAt) / 2;
  return {
    skewMs: Math.round(serverMid - browserMid),
    uncertaintyMs: Math.round((receivedAt - sentAt) / 2 + (wholeSeconds ? 500 : 0)),
  };
}
