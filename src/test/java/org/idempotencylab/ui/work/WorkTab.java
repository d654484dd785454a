package org.idempotencylab.ui.work;

import java.io.IOException;
import java.util.ResourceBundle;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ClaimTableView;
import org.idempotencylab.ui.ControllerFactory;

/** The Real workers tab on its own in a window, as the window's tests of it open it. */
final class WorkTab {
    private WorkTab() {
    }

    /**
     * Shows work.fxml bound to {@code work}, with the key store's claim-table view, in {@code stage} (the lab's
     * scene and style sheet). FX thread.
     *
     * @throws IOException if the view does not load
     */
    static void show(Stage stage, WorkViewModel work) throws IOException {
        ControllerFactory factory = new ControllerFactory().with(WorkViewModel.class, work)
                .with(ClaimTableView.Factory.class, App.claimTableViews());
        Parent root = App.load("work/work.fxml", ResourceBundle.getBundle(WorkTexts.class.getName()), factory);
        stage.setScene(App.scene(root));
        stage.show();
    }
}
