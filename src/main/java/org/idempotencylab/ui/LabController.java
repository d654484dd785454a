package org.idempotencylab.ui;

import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.scene.control.Alert;
import org.idempotencylab.ui.compare.CompareController;

/** The window's frame (lab.fxml): the menu bar and the feature tabs. */
public final class LabController {
    @FXML private CompareController compareController; // injected from <fx:include fx:id="compare">

    public LabController() {
        // built by the ControllerFactory; the frame needs no services
    }

    @FXML
    private void exportChart() {
        compareController.exportChart();
    }

    @FXML
    private void compare() {
        compareController.compare();
    }

    @FXML
    private void quit() {
        Platform.exit();
    }

    @FXML
    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.setTitle("About Idempotency Lab");
        a.setHeaderText("Idempotency Lab");
        a.setContentText("Why background jobs run twice, and how idempotency keys stop it.\n\n"
                + "The simulation follows \"Jobs that run twice: idempotency keys in Node.js\" and reproduces its "
                + "table of 1,000,000 sign-ups exactly. Same seed, same numbers.");
        a.showAndWait();
    }
}
