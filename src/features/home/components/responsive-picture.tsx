import type { ImageSet } from '../image-sets'

type ResponsivePictureProps = {
  readonly image: ImageSet
  readonly alt: string
  /** The `sizes` attribute: how wide the image is laid out, so the browser picks a file. */
  readonly sizes: string
  /** Above the fold and likely the largest paint: fetched first, decoded in step with paint. */
  readonly priority?: boolean
  readonly className?: string
}

/** AVIF first, WebP otherwise; explicit width and height so the page never shifts. */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  priority = false,
  className,
}: ResponsivePictureProps) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      {priority ? (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={alt}
          loading="eager"
          fetchPriority="high"
          // The page's scripts start once this is painted (the loader in scripts/prerender.mjs).
          elementtiming="main-picture"
        />
      ) : (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          // Hidden slides sit in the viewport, so lazy loading alone would fetch them at high
          // priority beside the hero: low keeps them behind the first paint's files.
          fetchPriority="low"
        />
      )}
    </picture>
  )
}
