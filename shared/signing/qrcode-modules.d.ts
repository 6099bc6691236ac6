// The two modules of `qrcode` that qr-code.ts imports directly; @types/qrcode types only the main module.
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions, QRCodeSegment } from 'qrcode';
  export function create(text: string | QRCodeSegment[], options?: QRCodeOptions): QRCode;
}

declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qrData: QRCode, options?: QRCodeRenderersOptions): string;
}
