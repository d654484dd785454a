package org.idempotencylab.ui.kit;

import java.util.List;

/** Every keyboard shortcut of the lab, as the shortcut sheet (?) lists them. */
public final class Shortcuts {
    private Shortcuts() {
    }

    /** One line of the sheet: the keys, what they do, and where they work. */
    public record Shortcut(String keys, String action, String where) {
    }

    /** The shortcuts, the window's first, then the live tab's. */
    public static final List<Shortcut> ALL = List.of(
            new Shortcut("Ctrl+R", "Compare strategies (run the table and chart); on the Sweep tab, run the sweep",
                    "everywhere"),
            new Shortcut("Ctrl+E", "Export the shown tab's chart as PNG (Compare or Sweep)", "everywhere"),
            new Shortcut("Ctrl+O", "Open a scenario file", "everywhere"),
            new Shortcut("Ctrl+S", "Save the current tab's scenario", "everywhere"),
            new Shortcut("F11", "Full screen on / off", "everywhere"),
            new Shortcut("Ctrl+P", "Presentation mode (large type, high contrast) on / off", "everywhere"),
            new Shortcut("? or F1", "This sheet of shortcuts", "everywhere"),
            new Shortcut("Ctrl+Q", "Quit", "everywhere"),
            new Shortcut("Space", "Play / Pause", "Watch it happen"),
            new Shortcut("→", "Step: exactly one event", "Watch it happen"),
            new Shortcut("R", "Reset: from time 0, same seed, the parameters shown", "Watch it happen"),
            new Shortcut("C", "Crash the worker process now", "Watch it happen"));
}
