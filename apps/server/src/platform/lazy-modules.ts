import { createRequire } from 'node:module';
import type AliyunRpcClient from '@alicloud/pop-core';
import type * as S3 from '@aws-sdk/client-s3';
import type ExcelJS from 'exceljs';
import type Nodemailer from 'nodemailer';
import type SanitizeHtml from 'sanitize-html';
import type SvgCaptcha from 'svg-captcha';
import type * as TencentSms from 'tencentcloud-sdk-nodejs-sms';
import type * as Undici from 'undici';

/**
 * Large libraries that only some requests need, loaded the first time one of them does (D14: the
 * idle process stays small). Each is tens of MiB resident once loaded — exceljs ~27, the S3 client ~25,
 * sanitize-html (with postcss) ~17 — and most installs never export a list or use S3. All three are CommonJS, so
 * a synchronous `require` keeps their callers synchronous.
 */
const load = createRequire(import.meta.url);

function once<T>(loader: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= loader();
    return value;
  };
}

/** exceljs: imports and exports (users, regions, leads). */
export const excel = once(() => load('exceljs') as typeof ExcelJS);
/** The part of unzipper (exceljs's own zip reader) that reads an archive's directory without inflating it. */
export interface ZipDirectory {
  files: Array<{
    path: string;
    type: string;
    compressedSize: number;
    uncompressedSize: number;
    stream: () => NodeJS.ReadableStream & { destroy?: (error?: Error) => void };
  }>;
}
/** unzipper: the zip directory of an import file, checked before the spreadsheet is parsed. */
export const unzipper = once(
  () => load('unzipper') as { Open: { buffer: (content: Buffer) => Promise<ZipDirectory> } },
);
/** sanitize-html: rich text on save and render, WeChat articles. */
export const sanitizer = once(() => load('sanitize-html') as typeof SanitizeHtml);
/** The S3 client: tenants whose files live in an S3-compatible store. */
export const s3Client = once(() => load('@aws-sdk/client-s3') as typeof S3);
/** Alibaba Cloud's POP SDK client: tenants whose phone sign-in codes go out through Alibaba Cloud SMS. */
export const aliyunRpcClient = once(() => load('@alicloud/pop-core') as typeof AliyunRpcClient);
/** Tencent Cloud's SMS SDK: tenants whose phone sign-in codes go out through Tencent Cloud SMS. */
export const tencentSms = once(() => load('tencentcloud-sdk-nodejs-sms') as typeof TencentSms);
/** undici: calls out of the server (WeChat articles, third-party sign-in, the chat upstream). */
export const undici = once(() => load('undici') as typeof Undici);
/** svg-captcha (with opentype.js and its font, several MiB): the first captcha a sign-in page asks for. */
export const svgCaptcha = once(() => load('svg-captcha') as typeof SvgCaptcha);
/** nodemailer: tenants that mail their notifications through their own SMTP server. */
export const nodemailer = once(() => load('nodemailer') as typeof Nodemailer);
