// make_turned_heic.c - writes a HEIC whose pixels are stored turned and whose irot box says how to turn
// them upright, as a phone saves a photo taken with the phone on its side (docscan's Fixtures/formats/
// invoice_turned.heic). libheif-examples' heif-enc 1.15 cannot write such a file.
//
//   gcc scripts/make_turned_heic.c -o make_turned_heic $(pkg-config --cflags --libs libheif)
//   ./make_turned_heic STORED.pgm ORIENTATION QUALITY OUT.heic
//
// STORED.pgm: the pixels as stored (binary PGM, 8-bit); ORIENTATION: the EXIF orientation value the
// irot/imir boxes express (6: turn 90 degrees clockwise to show); QUALITY: the encoder's 0-100.
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char* what, struct heif_error error) {
    fprintf(stderr, "%s: %s\n", what, error.message);
    return 1;
}

int main(int argc, char** argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s STORED.pgm ORIENTATION QUALITY OUT.heic\n", argv[0]); return 2; }
    FILE* in = fopen(argv[1], "rb");
    if (!in) { perror(argv[1]); return 1; }
    int width, height, maxval;
    if (fscanf(in, "P5 %d %d %d", &width, &height, &maxval) != 3 || maxval != 255 || fgetc(in) == EOF) {
        fprintf(stderr, "%s: not an 8-bit binary PGM\n", argv[1]);
        return 1;
    }
    struct heif_image* image;
    struct heif_error error = heif_image_create(width, height, heif_colorspace_monochrome, heif_chroma_monochrome, &image);
    if (error.code) return fail("heif_image_create", error);
    error = heif_image_add_plane(image, heif_channel_Y, width, height, 8);
    if (error.code) return fail("heif_image_add_plane", error);
    int stride;
    uint8_t* plane = heif_image_get_plane(image, heif_channel_Y, &stride);
    for (int y = 0; y < height; y++) {
        if (fread(plane + (size_t)y * stride, 1, width, in) != (size_t)width) { fprintf(stderr, "%s: short\n", argv[1]); return 1; }
    }
    fclose(in);
    struct heif_context* context = heif_context_alloc();
    struct heif_encoder* encoder;
    error = heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder);
    if (error.code) return fail("no HEVC encoder", error);
    heif_encoder_set_lossy_quality(encoder, atoi(argv[3]));
    struct heif_encoding_options* options = heif_encoding_options_alloc();
    options->image_orientation = (enum heif_orientation)atoi(argv[2]);
    error = heif_context_encode_image(context, image, encoder, options, NULL);
    if (error.code) return fail("heif_context_encode_image", error);
    error = heif_context_write_to_file(context, argv[4]);
    if (error.code) return fail("heif_context_write_to_file", error);
    heif_encoding_options_free(options);
    heif_encoder_release(encoder);
    heif_image_release(image);
    heif_context_free(context);
    return 0;
}
