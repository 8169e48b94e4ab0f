import { App } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileUpload, ImageUpload } from './FileUpload.tsx';

const render = (node: ReactNode) => renderToStaticMarkup(<App>{node}</App>);

/** What the fields draw before any interaction (server rendering in Node: no DOM, no effects). */
describe('upload fields render', () => {
  it('the file field draws its button, hint and one row per stored path', () => {
    const html = render(
      <FileUpload aria-label="附件" value="temp/20261123/a.pdf,temp/20261123/b.zip" hint="单个文件不超过 10MB" />,
    );
    expect(html).toContain('aria-label="附件"');
    expect(html).toContain('上传文件');
    expect(html).toContain('单个文件不超过 10MB');
    expect(html.match(/class="aps-upload-row /g)).toHaveLength(2);
    // A PDF can be previewed, any other file only downloaded.
    expect(html.match(/aria-label="预览"/g)).toHaveLength(1);
    expect(html.match(/aria-label="下载"/g)).toHaveLength(2);
  });

  it('pdf mode offers PDF only, image mode jpeg/jpg/png cards with reorder buttons', () => {
    const pdf = render(<FileUpload mode="pdf" />);
    expect(pdf).toContain('上传PDF');
    expect(pdf).toContain('accept=".pdf,application/pdf"');
    const images = render(<ImageUpload value="temp/20261123/a.png,temp/20261123/b.jpg" />);
    expect(images).toContain('accept=".jpeg,.jpg,.png,image/jpeg,image/png"');
    expect(images.match(/<figure class="aps-upload-card"/g)).toHaveLength(2);
    expect(images.match(/aria-label="前移"/g)).toHaveLength(2);
    expect(images.match(/aria-label="后移"/g)).toHaveLength(2);
    expect(images).toContain('上传图片');
  });

  it('a disabled field shows its files without upload or edit controls', () => {
    const html = render(<ImageUpload disabled value="temp/20261123/a.png" />);
    expect(html).not.toContain('上传图片');
    expect(html).not.toContain('aria-label="删除"');
    expect(html).toContain('aria-label="预览"');
  });
});
