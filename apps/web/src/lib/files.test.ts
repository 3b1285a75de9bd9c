import { describe, expect, it } from 'vitest';
import { checkFile, fileExtension, fileNameOf, isPreviewable, previewKind, sizeLabel } from './files';

describe('file helpers', () => {
  it('finds extensions and names in names and links', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('/api/cube-resource/oss/file/100000/a1.docx?x=1#y')).toBe('docx');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileNameOf('/files/%E6%8A%A5%E5%91%8A.xlsx')).toBe('报告.xlsx');
  });

  it('tells how a file can be previewed', () => {
    expect(previewKind('a.pdf')).toBe('pdf');
    expect(previewKind('/files/a.DOCX?v=2')).toBe('docx');
    expect(previewKind('a.xlsx')).toBe('xlsx');
    for (const name of ['a.doc', 'a.XLS']) expect(previewKind(name)).toBe('legacy-office');
    expect(previewKind('a.xlsm')).toBe('none');
    expect(previewKind('a.png')).toBe('image');
    expect(previewKind('a.zip')).toBe('none');
    expect(isPreviewable('a.xlsx')).toBe(true);
    expect(isPreviewable('a.png')).toBe(false);
  });

  it('checks type and size', () => {
    const rules = { accept: ['jpg', 'png'], maxKb: 500 };
    expect(checkFile({ name: 'a.JPEG', size: 1000 }, rules)).toBeUndefined();
    expect(checkFile({ name: 'a.png', size: 500 * 1024 }, rules)).toBeUndefined();
    expect(checkFile({ name: 'a.png', size: 500 * 1024 + 1 }, rules)).toBe('size');
    expect(checkFile({ name: 'a.gif', size: 10 }, rules)).toBe('type');
    expect(checkFile({ name: 'a.gif', size: 10 }, {})).toBeUndefined();
    expect(sizeLabel(500)).toBe('500KB');
    expect(sizeLabel(2048)).toBe('2MB');
  });
});
