/**
 * The mockup as a PNG for the quote: the SVG drawn once to a canvas, made smaller until the file is at
 * most `targetBytes`. Run only when the buyer asks for a quote, never while they edit.
 */
export async function mockupPng(svg: string, targetBytes: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    for (let scale = 1; ; scale *= 0.75) {
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("No canvas");
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      const png = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/png"));
      if (!png) throw new Error("The canvas gave no PNG");
      if (png.size <= targetBytes || canvas.width < 200) return png;
    }
  } finally {
    URL.revokeObjectURL(url);
  }
}
