package org.idempotencylab.ui.live;

import javafx.fxml.FXML;
import javafx.scene.control.Label;

/**
 * Binds live-messages.fxml, under the toolbar: that the parameters changed during the run (they apply on Reset),
 * the last refused value or message of the {@link LiveViewModel}, and what the run still waits for after its last
 * job.
 */
public final class LiveMessagesController {
    private final LiveViewModel model;

    @FXML private Label pendingLabel;
    @FXML private Label liveInputError;
    @FXML private Label endingLabel;

    public LiveMessagesController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        pendingLabel.visibleProperty().bind(model.pendingChangesProperty());
        pendingLabel.managedProperty().bind(model.pendingChangesProperty());
        endingLabel.textProperty().bind(model.endingProperty());
        endingLabel.visibleProperty().bind(model.endingProperty().isNotEmpty());
        endingLabel.managedProperty().bind(endingLabel.visibleProperty());
        model.messageProperty().addListener((o, a, m) -> showInputError(m));
        model.strategyProblemProperty().addListener((o, a, m) -> showInputError(m));
    }

    /** Shows {@code message} under the toolbar; null or "" hides it. */
    void showInputError(String message) {
        boolean shown = message != null && !message.isEmpty();
        liveInputError.setText(shown ? message : "");
        liveInputError.setVisible(shown);
        liveInputError.setManaged(shown);
    }
}
