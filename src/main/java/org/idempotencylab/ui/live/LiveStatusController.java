package org.idempotencylab.ui.live;

import javafx.fxml.FXML;
import javafx.scene.layout.VBox;
import org.controlsfx.control.StatusBar;

/** Binds live-status.fxml, the live view's status bar, to the {@link LiveViewModel} through a {@link StatusLine}. */
public final class LiveStatusController {
    private final LiveViewModel model;
    private StatusLine status;

    @FXML private VBox statusArea;
    @FXML private StatusBar liveStatusBar;

    public LiveStatusController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        status = new StatusLine(liveStatusBar, statusArea, model);
    }

    /** Every word whole in the room the bar has now (see {@link StatusLine#fit}); after every layout pass. */
    void fit() {
        status.fit();
    }
}
