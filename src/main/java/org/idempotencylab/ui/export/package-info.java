/**
 * Getting results out of the window: the one export flow (choose, write through a temporary file, one status
 * line) for chart PNGs, CSV tables and scenario files ({@link org.idempotencylab.ui.export.ExportFlow}), the PNG
 * snapshot ({@link org.idempotencylab.ui.export.PngExport}), tables as CSV and tab-separated text
 * ({@link org.idempotencylab.ui.export.ResultTable}), the clipboard and the PNG scale choice
 * ({@link org.idempotencylab.ui.export.ExportControls}), and the save dialog
 * ({@link org.idempotencylab.ui.export.FileChooserService}).
 *
 * <p>A shared piece: may import JavaFX, commons-csv, the {@code ui} package's shared pieces; no feature.
 */
package org.idempotencylab.ui.export;
