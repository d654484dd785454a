package org.idempotencylab.ui;

/**
 * What the window's menus and shortcuts ask of the feature in a tab, without knowing its classes: Ctrl+R runs
 * it, Ctrl+E exports its chart, and a line can go to its status bar. A feature's controller implements it; the
 * window's frame receives it from {@code fx:include} (the controller field's type is this interface).
 */
public interface TabCommands {
    /** Ctrl+R: runs the tab's work on what its fields show (a value typed but not yet confirmed counts too). */
    void run();

    /** Ctrl+E: asks for a file and exports the tab's chart there as a PNG; nothing before a first run. */
    void exportChart();

    /** Shows {@code text} in the tab's status line, e.g. where a scenario was saved. */
    void showStatus(String text);
}
