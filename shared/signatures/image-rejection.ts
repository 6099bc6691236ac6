/** Why a signature image was refused; the caller turns the reason into the response's words. */
export type RejectionReason =
  | 'png-signature'
  | 'png-truncated'
  | 'png-chunk-type'
  | 'png-crc'
  | 'png-header'
  | 'png-dimensions'
  | 'png-chunk-order'
  | 'png-unknown-critical-chunk'
  | 'png-after-end'
  | 'png-no-end'
  | 'svg-encoding'
  | 'svg-malformed'
  | 'svg-doctype'
  | 'svg-processing-instruction'
  | 'svg-cdata'
  | 'svg-entity'
  | 'svg-too-deep'
  | 'svg-root'
  | 'svg-namespace'
  | 'svg-element'
  | 'svg-attribute'
  | 'svg-attribute-value'
  | 'svg-text';

/** Thrown by the image checks; `subject` names what was refused (a chunk type, an element, a position). */
export class ImageRejection extends Error {
  readonly reason: RejectionReason;
  readonly subject: string;

  constructor(reason: RejectionReason, subject = '') {
    super(subject ? `${reason}: ${subject}` : reason);
    this.name = 'ImageRejection';
    this.reason = reason;
    this.subject = subject;
  }
}
